import type { GalleryItem } from '@image-lab/contract';

export const GALLERY_DISPLAY_LIMIT = 100;

/** The client keeps at most 100 items, de-duplicated by id, filename or url. */
export function dedupeGalleryItems<T extends Pick<GalleryItem, 'id' | 'filename' | 'url'>>(
  items: T[],
  limit = GALLERY_DISPLAY_LIMIT,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const keys = [`id:${item.id}`, `file:${item.filename}`, `url:${item.url}`];
    if (keys.some((k) => seen.has(k))) continue;
    keys.forEach((k) => seen.add(k));
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

const DEV_HOSTS = [
  /\.replit\.dev$/,
  /\.repl\.co$/,
  /\.replit\.app$/,
  /^localhost(:\d+)?$/,
  /^127\.0\.0\.1(:\d+)?$/,
];

/** Addresses that point at a development host are rewritten to our relative /uploads/ path. */
export function rewriteDevHostUrl(url: string): string {
  // Our own relative addresses (nearly all of them) need no parsing: a failed parse throws, and
  // a grid of tiles asks for this on every render.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (!DEV_HOSTS.some((re) => re.test(parsed.host))) return url;
    const index = parsed.pathname.indexOf('/uploads/');
    return index >= 0 ? parsed.pathname.slice(index) + parsed.search : url;
  } catch {
    return url;
  }
}

/** Columns by width: under 640 px 2, under 768 3, under 1024 4, under 1280 5, otherwise 6. */
export function columnsForWidth(width: number): number {
  if (width < 640) return 2;
  if (width < 768) return 3;
  if (width < 1024) return 4;
  if (width < 1280) return 5;
  return 6;
}

/** A height between 200 and 400 px that stays the same for an item across renders. */
export function stableTileHeight(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return 200 + ((hash >>> 0) % 201);
}

/** Adds a cache-busting query for a retry after a failed load. */
export function withCacheBust(url: string, attempt: number, now = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}-${now}`;
}
