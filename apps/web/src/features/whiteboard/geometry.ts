import type { WhiteboardItem } from '@image-lab/contract';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Board units between grid lines; snapping lands on them. */
export const GRID_SIZE = 20;
/** Images are never resized below this many board units. */
export const MIN_ITEM_SIZE = 10;

/** Hundredths of a board unit: enough for any zoom, and no float noise in saved boards. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The nearest grid line (the grid is infinite in both directions). */
export const snap = (value: number, grid = GRID_SIZE) => Math.round(value / grid) * grid;

/** The four corners of an item rotated about its top-left corner (Konva's rotation). */
export function corners(item: Pick<WhiteboardItem, 'x' | 'y' | 'width' | 'height' | 'rotation'>) {
  const angle = (item.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const at = (dx: number, dy: number) => ({
    x: item.x + dx * cos - dy * sin,
    y: item.y + dx * sin + dy * cos,
  });
  return [at(0, 0), at(item.width, 0), at(item.width, item.height), at(0, item.height)];
}

/** The smallest upright rectangle around the points. */
export function boundsOfPoints(points: readonly { x: number; y: number }[]): Rect | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The upright bounding box of one item, rotation included. */
export const itemBounds = (item: WhiteboardItem): Rect => boundsOfPoints(corners(item))!;

/** The upright box around all of the items; null for none. */
export const boundsOfItems = (items: readonly WhiteboardItem[]): Rect | null =>
  boundsOfPoints(items.flatMap(corners));

export const intersects = (a: Rect, b: Rect) =>
  a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

/** A rectangle from two corners dragged in any direction. */
export function rectFromPoints(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** Rotation kept within (-180, 180], as people read angles. */
export function normalizeRotation(degrees: number) {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : Object.is(turned, -0) ? 0 : turned;
}

/** The items back to front: by zIndex, and by their order in the list when equal. */
export function paintOrder<T extends Pick<WhiteboardItem, 'zIndex'>>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.zIndex - b.item.zIndex || a.index - b.index)
    .map((entry) => entry.item);
}

/**
 * The part of an image that fills a box without stretching (CSS object-fit: cover), in the
 * image's own pixels: the spec's 200×150 box shows the middle of a portrait photo, undistorted.
 */
export function coverCrop(
  imageWidth: number,
  imageHeight: number,
  boxWidth: number,
  boxHeight: number,
): Rect {
  if (imageWidth <= 0 || imageHeight <= 0 || boxWidth <= 0 || boxHeight <= 0) {
    return { x: 0, y: 0, width: Math.max(0, imageWidth), height: Math.max(0, imageHeight) };
  }
  const scale = Math.max(boxWidth / imageWidth, boxHeight / imageHeight);
  const width = boxWidth / scale;
  const height = boxHeight / scale;
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}
