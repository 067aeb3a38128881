import { ErrorResponse, JobParams, MessageResponse, QueueResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { existingGuest } from '../../platform/guest-identity.ts';
import { requireWrite } from '../../platform/session.ts';
import { cancelJob } from './batch-actions.service.ts';
import { recentBatchSummaries } from './batch-view.ts';
import { queuedJobs } from './queue.service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

/** The queue (issue 22, item 3): a person's waiting and running work, single jobs and batches. */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['batch'];

  app.get(
    '/api/queue',
    {
      schema: {
        tags,
        summary: 'The acting account’s queued and running jobs, and its batches of the last day',
        description:
          'Each job and batch has its place in the queue shared by everyone (`position`: jobs ' +
          'ahead) and an estimate of the seconds left, from how long recent jobs took. A visitor ' +
          'sees its batches only.',
        response: { 200: QueueResponse, ...errors },
      },
    },
    async (request) => {
      if (request.user) {
        const accountId = request.accountId ?? request.user.id;
        const owner = { kind: 'account' as const, accountId };
        const [jobs, batches] = await Promise.all([
          queuedJobs(app, accountId),
          recentBatchSummaries(app, owner),
        ]);
        return { jobs, batches };
      }
      const hash = existingGuest(request);
      if (!hash) return { jobs: [], batches: [] };
      const owner = { kind: 'guest' as const, guest: { hash, ip: request.ip } };
      return { jobs: [], batches: await recentBatchSummaries(app, owner) };
    },
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Cancel one of the account’s jobs while it waits or runs (refunded)',
        params: JobParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      return cancelJob(app, accountId, request.params.id);
    },
  );
};
