import { DownloadImageQuery, OptimizeImageQuery } from '@image-lab/contract';
import { convertImage } from '@image-lab/engine/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { AppError, notFound } from '../../platform/errors.ts';
import { storageKeyFromUrl } from '../../platform/own-url.ts';
import { readImageBytes } from './images.service.ts';
import { DeliveryCache, etagOf, sanitizeFilename, variantOf } from './delivery.service.ts';

const FORMATS = {
  jpg: { engine: 'jpeg', type: 'image/jpeg' },
  png: { engine: 'png', type: 'image/png' },
  webp: { engine: 'webp', type: 'image/webp' },
} as const;

/** Undecodable stored bytes are the file's fault, not the server's. */
const unreadable = () => new AppError(422, 'unreadable_image', 'This image cannot be read');

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new DeliveryCache(path.join(app.config.dataDir, 'cache/optimized'), 2);

  app.get(
    '/api/optimize-image',
    {
      schema: {
        tags: ['images'],
        summary: 'A resized copy of one of our stored images (AVIF/WebP/JPEG by Accept)',
        querystring: OptimizeImageQuery,
      },
    },
    async (request, reply) => {
      const key = storageKeyFromUrl(request.query.url, app.config.publicUrl);
      const variant = variantOf(key, request.query, request.headers.accept);
      const etag = etagOf(variant);
      reply
        .header('etag', etag)
        .header('vary', 'Accept')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      let body = await cache.read(variant);
      reply.header('x-cache', body ? 'hit' : 'miss');
      if (!body) {
        if (!(await app.storage.exists(key))) throw notFound('Image not found');
        body = await cache
          .render(variant, () => readImageBytes(app, key))
          .catch((error) => {
            throw error instanceof AppError ? error : unreadable();
          });
      }
      return reply.type(cache.contentTypeOf(variant)).send(body);
    },
  );

  app.get(
    '/api/download-image',
    {
      schema: {
        tags: ['images'],
        summary: 'One of our stored images as a JPG, PNG or WebP attachment',
        querystring: DownloadImageQuery,
      },
    },
    async (request, reply) => {
      const key = storageKeyFromUrl(request.query.url, app.config.publicUrl);
      const format = FORMATS[request.query.format];
      const source = await readImageBytes(app, key);
      const body = await convertImage(source, format.engine).catch(() => {
        throw unreadable();
      });
      const filename = sanitizeFilename(request.query.filename, request.query.format);
      return reply
        .type(format.type)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
