/**
 * The person's selection drawn on a small grid (long side `MASK_GRID`): 255 selected, 0 not.
 * It is scaled to the picture's size only when sent, so painting stays fast on a phone.
 */
export interface PaintMask {
  width: number;
  height: number;
  data: Uint8Array;
}

export const MASK_GRID = 512;

export function emptyMask(imageWidth: number, imageHeight: number, grid = MASK_GRID): PaintMask {
  const scale = Math.min(1, grid / Math.max(imageWidth, imageHeight, 1));
  const width = Math.max(1, Math.round(imageWidth * scale));
  const height = Math.max(1, Math.round(imageHeight * scale));
  return { width, height, data: new Uint8Array(width * height) };
}

/** A disc at (x, y) with radius r, all in percent of the width (x, r) and height (y). */
export function paintDisc(mask: PaintMask, x: number, y: number, r: number, value = 255) {
  const cx = (x / 100) * mask.width;
  const cy = (y / 100) * mask.height;
  const radius = Math.max(0.5, (r / 100) * mask.width);
  const top = Math.max(0, Math.floor(cy - radius));
  const bottom = Math.min(mask.height - 1, Math.ceil(cy + radius));
  const left = Math.max(0, Math.floor(cx - radius));
  const right = Math.min(mask.width - 1, Math.ceil(cx + radius));
  for (let row = top; row <= bottom; row++) {
    for (let col = left; col <= right; col++) {
      const dx = col + 0.5 - cx;
      const dy = row + 0.5 - cy;
      if (dx * dx + dy * dy <= radius * radius) mask.data[row * mask.width + col] = value;
    }
  }
}

/** A brush stroke from one pointer position to the next: discs close enough to leave no gaps. */
export function paintStroke(
  mask: PaintMask,
  from: { x: number; y: number },
  to: { x: number; y: number },
  r: number,
) {
  const dx = ((to.x - from.x) / 100) * mask.width;
  const dy = ((to.y - from.y) / 100) * mask.height;
  const radius = Math.max(0.5, (r / 100) * mask.width);
  const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / (radius / 2)));
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    paintDisc(mask, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f, r);
  }
}

/** A rectangle given in percentages, e.g. a box selection turned into a mask to invert it. */
export function paintRect(
  mask: PaintMask,
  box: { x: number; y: number; width: number; height: number },
) {
  const left = Math.max(0, Math.round((box.x / 100) * mask.width));
  const top = Math.max(0, Math.round((box.y / 100) * mask.height));
  const right = Math.min(mask.width, Math.round(((box.x + box.width) / 100) * mask.width));
  const bottom = Math.min(mask.height, Math.round(((box.y + box.height) / 100) * mask.height));
  for (let row = top; row < bottom; row++)
    mask.data.fill(255, row * mask.width + left, row * mask.width + right);
}

export function invertMask(mask: PaintMask): PaintMask {
  return { ...mask, data: mask.data.map((v) => 255 - v) };
}

/** Share of the grid selected, 0..1. */
export function maskCoverage(mask: PaintMask): number {
  let selected = 0;
  for (const v of mask.data) if (v > 127) selected++;
  return selected / mask.data.length;
}

/**
 * RGBA pixels of the mask for a canvas: white (selected) and black for the server's `mask`
 * file, or a translucent tint and nothing for the overlay on screen.
 */
export function maskToRgba(
  mask: PaintMask,
  on: readonly [number, number, number, number] = [255, 255, 255, 255],
  off: readonly [number, number, number, number] = [0, 0, 0, 255],
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(mask.data.length * 4);
  for (let i = 0; i < mask.data.length; i++) out.set(mask.data[i]! > 127 ? on : off, i * 4);
  return out;
}
