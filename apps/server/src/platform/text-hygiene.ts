import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * NUL (PostgreSQL text cannot hold it), a lone UTF-16 surrogate (not encodable as UTF-8) and the
 * Unicode non-characters (U+FDD0–U+FDEF and every U+xFFFE/U+xFFFF) are never meaningful in what a
 * person types, so they are refused before any handler or query sees them.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]/;

export const TEXT_REFUSED = 'contains a character that is not allowed (NUL or invalid Unicode)';

export function hasForbiddenText(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The first path (e.g. "body.user.name") whose key or string value holds a forbidden character. */
export function findForbiddenText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasForbiddenText(value) ? where : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], `${where}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (hasForbiddenText(key)) return `${where} key`;
    const found = findForbiddenText(inner, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws the 400 for the first forbidden character in `value`. */
export function assertCleanText(value: unknown, where: string): void {
  const found = findForbiddenText(value, where);
  if (found) throw badRequest(`${found}: ${TEXT_REFUSED}`, 'invalid_text');
}

/**
 * One hook for every route: the raw URL (path parameters and query, after percent-decoding) and
 * the parsed body. Multipart fields are streamed inside handlers, so the form reader calls
 * assertCleanText on them (platform/multipart.ts).
 */
export function registerTextHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertCleanText(request.params, 'params');
    assertCleanText(request.query, 'query');
    assertCleanText(request.body, 'body');
  });
}
