import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { assertValidKey, type ByteRange } from '../../platform/storage.ts';

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else is no range. */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : undefined;
  const end = match[2] ? Number(match[2]) : undefined;
  if (start !== undefined && end !== undefined && end < start) return undefined;
  return { start, end };
}

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
      // Byte ranges let a <video> seek (and Safari play at all); files never change, so
      // If-Range needs no check. A malformed or multi-part Range is ignored: the whole file.
      const range = parseRange(request.headers.range);
      const object = await app.storage.get(key, range);
      if (!object) throw notFound('Image not found');
      reply
        .header('content-type', object.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (object.unsatisfiable) {
        object.body.destroy();
        return reply
          .status(416)
          .header('content-range', `bytes */${object.size}`)
          .type('application/json')
          .send({ message: 'Range Not Satisfiable' });
      }
      if (object.range) {
        const { start, end } = object.range;
        return reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${object.size}`)
          .header('content-length', end - start + 1)
          .send(object.body);
      }
      return reply.header('content-length', object.size).send(object.body);
    },
  );
};
