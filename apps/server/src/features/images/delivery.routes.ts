import fs from 'node:fs';
import path from 'node:path';
import { DownloadImageQuery, OptimizeImageQuery } from '@image-lab/contract';
import { withoutPosition } from '@image-lab/engine';
import { convertImage } from '@image-lab/engine/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../platform/errors.ts';
import { CACHE_CONTROL } from '../../platform/stored-files.ts';
import { readImageBytes } from './images.service.ts';
import { Renditions, etagOf, sanitizeFilename, variantOf } from './delivery.service.ts';

const FORMATS = {
  jpg: { engine: 'jpeg', type: 'image/jpeg' },
  png: { engine: 'png', type: 'image/png' },
  webp: { engine: 'webp', type: 'image/webp' },
} as const;

/** Undecodable stored bytes are the file's fault, not the server's. */
const unreadable = () => new AppError(422, 'unreadable_image', 'This image cannot be read');

/**
 * Resized copies and downloads of an image address the caller may read: `/uploads/...` for the
 * account and the people it is shared with, or a live share's address for anyone
 * (docs/decisions/020). Both follow the caching of the address they were given.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const renditions = new Renditions(app.storage, 2);
  // Copies of earlier versions lived on local disk, named by a hash that no deletion could find.
  fs.rmSync(path.join(app.config.dataDir, 'cache/optimized'), { recursive: true, force: true });

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
      const { key, visibility } = await app.files.resolve(request, request.query.url);
      // A copy is served only while its source exists, whatever any cache still holds.
      if (!(await app.storage.exists(key))) throw notFound('Image not found');
      const variant = variantOf(key, request.query, request.headers.accept);
      const etag = etagOf(variant);
      // Set only on answers that carry the image: an error must never be cached for a year.
      const answer = (cache: 'hit' | 'miss') =>
        reply
          .header('etag', etag)
          .header('vary', 'Accept')
          .header('cache-control', CACHE_CONTROL[visibility])
          .header('x-content-type-options', 'nosniff')
          .header('x-cache', cache)
          .type(renditions.contentTypeOf(variant));
      if (request.headers['if-none-match'] === etag) return answer('hit').status(304).send();
      const stored = await renditions.read(variant);
      if (stored) return answer('hit').header('content-length', stored.size).send(stored.body);
      const body = await renditions
        .render(variant, () => readImageBytes(app, key))
        .catch((error) => {
          throw error instanceof AppError ? error : unreadable();
        });
      return answer('miss').send(body);
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
      const { key, visibility } = await app.files.resolve(request, request.query.url);
      const format = FORMATS[request.query.format];
      const source = await readImageBytes(app, key);
      // In its own format the file goes as it is stored, metadata and all (an original stays
      // the original); for the public, without its GPS position unless its owner keeps it
      // (docs/decisions/041, 047).
      const asStored = key.toLowerCase().endsWith(`.${request.query.format}`);
      const body = asStored
        ? visibility === 'public' && !(await app.files.keepsLocation(key))
          ? withoutPosition(source)
          : source
        : await convertImage(source, format.engine).catch(() => {
            throw unreadable();
          });
      const filename = sanitizeFilename(request.query.filename, request.query.format);
      return reply
        .type(format.type)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', CACHE_CONTROL[visibility])
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
