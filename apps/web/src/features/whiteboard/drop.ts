import { WHITEBOARD_DEFAULT_HEIGHT, WHITEBOARD_DEFAULT_WIDTH } from '@image-lab/contract';
import type { Point } from './view';

/** The drag type our own image lists set: the image's /uploads address. */
export const IMAGE_DRAG_TYPE = 'application/x-image-lab-image';

/**
 * One of our stored images from a dragged address: an /uploads path, or an optimize-image or
 * download-image address on this origin (what an <img> of ours carries when dragged). Anything
 * else is not ours and is ignored.
 */
export function ourImageUrl(text: string, origin: string): string | null {
  const line = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line) return null;
  let url: URL;
  try {
    url = new URL(line, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (url.pathname.startsWith('/uploads/')) return url.pathname;
  if (url.pathname === '/api/optimize-image' || url.pathname === '/api/download-image') {
    const inner = url.searchParams.get('url');
    return inner ? ourImageUrl(inner, origin) : null;
  }
  return null;
}

/** Where the n-th of several dropped images goes: a small cascade from the drop point. */
export const cascade = (at: Point, index: number, step = 24): Point => ({
  x: at.x + (index % 10) * step,
  y: at.y + (index % 10) * step,
});

/** Several picked images laid out in rows of `perRow`, from a top-left corner. */
export function gridLayout(at: Point, count: number, perRow = 4, gap = 20): Point[] {
  return Array.from({ length: count }, (_, i) => ({
    x: at.x + (i % perRow) * (WHITEBOARD_DEFAULT_WIDTH + gap),
    y: at.y + Math.floor(i / perRow) * (WHITEBOARD_DEFAULT_HEIGHT + gap),
  }));
}
