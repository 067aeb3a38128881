import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from './errors.ts';
import { findShareFile, type ShareAddress, type Visibility } from './file-access.ts';
import { readAll, type ByteRange } from './storage.ts';
import { withoutPosition } from '@image-lab/engine';

/**
 * How long a file may be kept (docs/decisions/020). Private files are revalidated on every use
 * (a cheap 304), so a deletion or a revoked account share reaches every browser at once. Files
 * of a live share are addressed by the share's token and never change: browsers keep them, and
 * shared caches ask again after a minute, so a revoked link dies in any proxy within a minute.
 */
export const CACHE_CONTROL: Record<Visibility, string> = {
  private: 'private, no-cache',
  public: 'public, max-age=31536000, s-maxage=60, immutable',
};

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else is no range. */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : undefined;
  const end = match[2] ? Number(match[2]) : undefined;
  if (start !== undefined && end !== undefined && end < start) return undefined;
  return { start, end };
}

/** Stored images whose metadata may hold a GPS position. */
const POSITIONED = /\.(jpe?g|png)$/i;

/** Stored files never change, so their key is their version. */
export const etagOfKey = (key: string) =>
  `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/**
 * Streams a stored file the caller was allowed to read. Byte ranges let a <video> seek (and
 * Safari play at all); a malformed or multi-part Range is ignored. `nosniff` and a sandboxing
 * CSP stop a stored file from being read as a page.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  visibility: Visibility,
) {
  // What the public sees holds no GPS position unless its owner chose to keep it
  // (docs/decisions/041, 047); the two copies have their own ETags, so a change of mind shows.
  const unlocated =
    visibility === 'public' && POSITIONED.test(key) && !(await app.files.keepsLocation(key));
  const etag = etagOfKey(unlocated ? `${key}#unlocated` : key);
  // Set only on answers that carry the file: a 404 must never be cached for a year.
  const answer = () =>
    reply
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('cache-control', CACHE_CONTROL[visibility])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
  if (request.headers['if-none-match'] === etag) {
    // A copy the browser holds is confirmed only while the file still exists.
    if (!(await app.storage.exists(key))) throw notFound('Image not found');
    return answer().status(304).send();
  }
  if (unlocated) {
    // The position is erased from the whole file, so it is sent without ranges.
    const whole = await app.storage.get(key);
    if (!whole) throw notFound('Image not found');
    const body = withoutPosition(await readAll(whole));
    return answer()
      .header('accept-ranges', 'none')
      .header('content-type', whole.contentType)
      .header('content-length', body.length)
      .send(body);
  }
  const range = parseRange(request.headers.range);
  const object = await app.storage.get(key, range);
  if (!object) throw notFound('Image not found');
  answer().header('content-type', object.contentType);
  if (object.unsatisfiable) {
    object.body.destroy();
    return reply
      .status(416)
      .header('content-range', `bytes */${object.size}`)
      .type('application/json')
      .send({ message: 'Range Not Satisfiable', code: 'range_not_satisfiable' });
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
}

export interface ShareFileRoute extends ShareAddress {
  summary: string;
  tags: string[];
  /** Requests a minute per address (a grid loads many images at once). */
  perMinute: number;
}

/**
 * A file of a share, for visitors: the page's `<img>` address and the address optimize-image and
 * download-image accept are one and the same, found by the same `find`.
 */
export function shareFileRoutes(routes: ShareFileRoute[]): FastifyPluginAsyncZod {
  return async (app) => {
    for (const route of routes) {
      app.files.addShareAddress(route);
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const params = z.object(
        Object.fromEntries(names.map((n) => [n, z.string().max(200)])) as Record<
          string,
          z.ZodString
        >,
      );
      app.get(
        route.path,
        {
          config: { rateLimit: { max: route.perMinute, timeWindow: '1 minute' } },
          schema: {
            tags: route.tags,
            summary: route.summary,
            params,
            response: {
              200: { description: 'The image', content: { 'image/*': { schema: z.any() } } },
            },
          },
        },
        async (request, reply) => {
          const key = await findShareFile(route, request.params as Record<string, string>);
          return sendStoredFile(app, request, reply, key, 'public');
        },
      );
    }
  };
}
