import { downloadHref, optimizedSrc } from '@/lib/images/image-urls';
import { rewriteDevHostUrl, withCacheBust } from '@/lib/gallery-utils';

export const RETRY_AFTER_MS = 1000;

/** A tiny blurred copy, shown while the real one loads. */
export const blurSrc = (url: string) =>
  `/api/optimize-image?url=${encodeURIComponent(rewriteDevHostUrl(url))}&blur=true`;

/** Where a tile's image can come from, best first: resized copy, original file, download proxy. */
export function tileSources(url: string, cssWidth: number, pixelRatio = 1): string[] {
  const address = rewriteDevHostUrl(url);
  return [optimizedSrc(address, cssWidth, pixelRatio), address, downloadHref(address, 'jpg')];
}

export interface LoadStep {
  src: string;
  /** Wait this long before trying (a retry after a failure). */
  delayMs: number;
}

/**
 * The address of attempt `attempt` (0 first): each source in turn, then `retries` more tries of
 * the best source after 1 s with a cache-busting query; null when everything failed.
 */
export function loadStep(
  sources: readonly string[],
  attempt: number,
  retries = 1,
  now = Date.now(),
): LoadStep | null {
  if (attempt < 0 || sources.length === 0) return null;
  if (attempt < sources.length) return { src: sources[attempt]!, delayMs: 0 };
  const retry = attempt - sources.length + 1;
  if (retry > retries) return null;
  return { src: withCacheBust(sources[0]!, retry, now), delayMs: RETRY_AFTER_MS };
}
