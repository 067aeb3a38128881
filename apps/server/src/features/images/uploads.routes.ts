import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { assertValidKey } from '../../platform/storage.ts';

/**
 * Stored files under /uploads/<key>. Keys hold random ids and files never change, so browsers
 * may keep them for a year; `nosniff` stops a stored file from being read as another type.
 */
export const storedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/*',
    {
      schema: { hide: true, params: z.object({ '*': z.string().max(400) }) },
    },
    async (request, reply) => {
      let key: string;
      try {
        key = assertValidKey(request.params['*']);
      } catch {
        throw notFound('Image not found');
      }
      const object = await app.storage.get(key);
      if (!object) throw notFound('Image not found');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body);
    },
  );
};
