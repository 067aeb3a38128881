import { DownloadAllImagesRequest, ErrorResponse } from '@image-lab/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/session.ts';
import { existingGuest } from '../../platform/guest-identity.ts';
import { sanitizeFilename } from './delivery.service.ts';
import {
  accountSources,
  assertStored,
  guestSources,
  noImages,
  ZIP_FILENAME,
  zipStream,
  type ZipSource,
} from './download-all.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  429: ErrorResponse,
};

/** The catalogue's 'No images to download.' rather than a generic validation message. */
async function refuseEmpty(request: FastifyRequest) {
  const body = request.body as { images?: unknown } | undefined;
  if (Array.isArray(body?.images) && body.images.length === 0) throw noImages();
}

export const downloadAllRoutes: FastifyPluginAsyncZod = async (app) => {
  // A zip reads up to 100 files: a few a minute per account (or address, for guests) is plenty.
  const limits = {
    rateLimit: {
      max: 10,
      timeWindow: '1 minute',
      keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
    },
  };
  const schema = (summary: string) => ({
    tags: ['images'],
    summary,
    body: DownloadAllImagesRequest,
    response: {
      200: {
        description: 'The images as a zip file',
        content: { 'application/zip': { schema: z.any() } },
      },
      ...errors,
    },
  });

  const sendZip = async (reply: FastifyReply, sources: ZipSource[]) => {
    await assertStored(app, sources);
    const filename = sanitizeFilename(ZIP_FILENAME.replace(/\.zip$/, ''), 'zip');
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(zipStream(app, sources));
  };

  app.post(
    '/api/download-all-images',
    {
      config: limits,
      preValidation: refuseEmpty,
      schema: schema('The acting account’s images, as one zip (read access is enough)'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const accountId = request.accountId ?? user.id;
      return sendZip(reply, await accountSources(app, accountId, request.body.images));
    },
  );

  app.post(
    '/api/download-all-images-guest',
    {
      config: limits,
      preValidation: refuseEmpty,
      schema: schema('A guest’s own images (under its guest folder), as one zip'),
    },
    async (request, reply) => {
      return sendZip(reply, guestSources(app, existingGuest(request), request.body.images));
    },
  );
};
