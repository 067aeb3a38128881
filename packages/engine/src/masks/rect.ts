import type { PercentBox } from '../models/object-detector.ts';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A detector's percentage box in whole pixels, inside the image. */
export function percentToRect(box: PercentBox, width: number, height: number): Rect {
  const left = Math.max(0, Math.min(width - 1, Math.floor((box.x / 100) * width)));
  const top = Math.max(0, Math.min(height - 1, Math.floor((box.y / 100) * height)));
  const right = Math.min(width, Math.ceil(((box.x + box.width) / 100) * width));
  const bottom = Math.min(height, Math.ceil(((box.y + box.height) / 100) * height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** The rectangle grown by `by` pixels on every side, clipped to the image. */
export function growRect(rect: Rect, by: number, width: number, height: number): Rect {
  const left = Math.max(0, rect.left - by);
  const top = Math.max(0, rect.top - by);
  return {
    left,
    top,
    width: Math.min(width, rect.left + rect.width + by) - left,
    height: Math.min(height, rect.top + rect.height + by) - top,
  };
}

/** Share of `a` that `b` covers. */
export function coveredShare(a: PercentBox, b: PercentBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1e-9, a.width * a.height);
}
