import { ErrorResponse, GenerateVideoRequest, GenerateVideoResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireWrite } from '../../platform/session.ts';
import { defineVideoJob } from './video.job.ts';
import { generateVideo } from './video.service.ts';
import { videoKeysOfAccount } from './video.repository.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
  501: ErrorResponse,
};

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  defineVideoJob(app);
  app.accountHooks.onAccountFiles((app, accountId) =>
    videoKeysOfAccount(app.database.db, accountId),
  );

  app.post(
    '/api/generate-video',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (r) => r.accountId ?? r.ip,
          errorResponseBuilder: () => ({
            statusCode: 429,
            code: 'rate_limited',
            message: 'Too many requests. Please wait a moment and try again.',
          }),
        },
      },
      schema: {
        tags: ['generation'],
        summary: 'A 3-second, 24 fps MP4 from one of the account’s images; 10 credits',
        description:
          'The local engine moves a camera over the still image (zoom in or out, pan left, ' +
          'right, up or down, read from the prompt in en/de/fr); a hosted image-to-video ' +
          'provider animates the scene when configured.',
        body: GenerateVideoRequest,
        response: { 200: GenerateVideoResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      return generateVideo(app, accountId, request.body);
    },
  );
};
