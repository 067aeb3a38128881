import {
  BATCH_MAX_IMAGES,
  BatchItemParams,
  BatchParams,
  BatchResponse,
  BatchUploadResponse,
  CreateBatchRequest,
  ErrorResponse,
} from '@image-lab/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { existingGuest, guestOf } from '../../platform/guest-identity.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { sanitizeFilename } from '../images/delivery.service.ts';
import { assertStored, zipStream } from '../images/download-all.service.ts';
import { batchZipSources, cancelBatch, cancelBatchItem } from './batch-actions.service.ts';
import type { BatchOwner } from './batch-owner.ts';
import { registerBatchDriving } from './batch-runner.ts';
import { createBatch, noBatchImages, tooManyImages } from './batch.service.ts';
import { scheduleBatchSweep } from './batch.sweeper.ts';
import { batchesForExport } from './batch-export.ts';
import { uploadBatchImages } from './batch-uploads.service.ts';
import { batchView } from './batch-view.ts';
import { queueRoutes } from './queue.routes.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
  501: ErrorResponse,
};

const perOwner = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
  },
});

/** Who acts: the acting account (write access to change anything), or a visitor (guest cookie). */
export function ownerFor(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { write: boolean; guests: boolean },
): BatchOwner {
  if (request.user || !options.guests) {
    if (options.write) return { kind: 'account', accountId: requireWrite(request).accountId };
    const user = requireUser(request);
    return { kind: 'account', accountId: request.accountId ?? user.id };
  }
  const hash = options.write
    ? guestOf(request.server, request, reply)
    : (existingGuest(request) ?? null);
  if (!hash) throw notFound('Batch not found');
  return { kind: 'guest', guest: { hash, ip: request.ip } };
}

/** The catalogue's words for an empty or oversized selection, before the schema's generic ones. */
async function refuseSelection(request: FastifyRequest) {
  const body = request.body as { imageIds?: unknown; imageUrls?: unknown } | undefined;
  const lengths = [body?.imageIds, body?.imageUrls].map((list) =>
    Array.isArray(list) ? list.length : 0,
  );
  const total = lengths[0]! + lengths[1]!;
  if (total > BATCH_MAX_IMAGES) throw tooManyImages();
  if (body && typeof body === 'object' && total === 0) throw noBatchImages();
}

/** Batches (issue 22, item 1): many images, one preset, prompt or recipe, one job to follow. */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['batch'];
  registerBatchDriving(app);
  scheduleBatchSweep(app);
  app.accountHooks.onAccountExport(async (app, accountId) => ({
    batches: await batchesForExport(app.database.db, accountId),
  }));
  const guests = app.config.guestFreeImages > 0;
  await app.register(queueRoutes);

  app.post(
    '/api/batches',
    {
      config: perOwner(10),
      preValidation: refuseSelection,
      schema: {
        tags,
        summary:
          'Apply a preset, a prompt or a recipe to up to 100 images as one batch (202: it runs)',
        description:
          'Every image and step is reserved before anything runs (1 credit per image and step, ' +
          '10 for a style application; a visitor’s free edits of the day). Each image then runs ' +
          'as an ordinary paid edit; a failed or cancelled image gives its credits back. Results ' +
          'go into a new project (`project.kind: new`), an existing one, or where each image is. ' +
          'Progress: GET /api/batches/{id} and the `batch-progress` event of /api/events.',
        body: CreateBatchRequest,
        response: { 202: BatchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const owner = ownerFor(request, reply, { write: true, guests });
      const batch = await createBatch(app, owner, request.body);
      return reply.status(202).send({ batch });
    },
  );

  app.post(
    '/api/batches/uploads',
    {
      config: perOwner(30),
      schema: {
        tags,
        summary: 'Upload the images of a batch: up to 10 image files, or one zip of up to 100',
        description:
          'multipart/form-data: `images` (repeated) or `archive` (a zip of at most 256 MB), and ' +
          '`projectId`. Every file is checked by its bytes before any is kept; folders, dot files, ' +
          '__MACOSX and Thumbs.db in a zip are left out and listed in `skipped`; anything else ' +
          'that is not an image, an entry over 10 MB or a zip bomb is refused. Nothing is charged.',
        consumes: ['multipart/form-data'],
        response: { 200: BatchUploadResponse, ...errors },
      },
    },
    async (request, reply) =>
      uploadBatchImages(app, ownerFor(request, reply, { write: true, guests }), request),
  );

  app.get(
    '/api/batches/:id',
    {
      schema: {
        tags,
        summary: 'A batch with each image’s state, its place in the queue and the time left',
        params: BatchParams,
        response: { 200: BatchResponse, ...errors },
      },
    },
    async (request, reply) => ({
      batch: await batchView(
        app,
        ownerFor(request, reply, { write: false, guests }),
        request.params.id,
      ),
    }),
  );

  app.post(
    '/api/batches/:id/cancel',
    {
      config: perOwner(60),
      schema: {
        tags,
        summary: 'Cancel every image of the batch not done yet (each is refunded)',
        params: BatchParams,
        response: { 200: BatchResponse, ...errors },
      },
    },
    async (request, reply) => ({
      batch: await cancelBatch(
        app,
        ownerFor(request, reply, { write: true, guests }),
        request.params.id,
      ),
    }),
  );

  app.post(
    '/api/batches/:id/items/:itemId/cancel',
    {
      config: perOwner(120),
      schema: {
        tags,
        summary: 'Cancel one image of a batch (refunded); the others go on',
        params: BatchItemParams,
        response: { 200: BatchResponse, ...errors },
      },
    },
    async (request, reply) => ({
      batch: await cancelBatchItem(
        app,
        ownerFor(request, reply, { write: true, guests }),
        request.params.id,
        request.params.itemId,
      ),
    }),
  );

  app.get(
    '/api/batches/:id/download',
    {
      config: perOwner(10),
      schema: {
        tags,
        summary: 'The results of the batch’s finished images, as one streamed zip',
        params: BatchParams,
        response: {
          200: {
            description: 'The results as a zip file',
            content: { 'application/zip': { schema: z.any() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerFor(request, reply, { write: false, guests });
      const sources = await batchZipSources(app, owner, request.params.id);
      await assertStored(app, sources);
      const filename = sanitizeFilename('image-lab-batch', 'zip');
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zipStream(app, sources));
    },
  );
};
