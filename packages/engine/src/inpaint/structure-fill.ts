import type { RawImage } from '../raw-image.ts';
import { cellAt, coarseGridOf, upsampleIntoBox, withHoleFrom } from './coarse-grid.ts';
import { paddedBounds } from './mask-tools.ts';
import { boxMeanOfKnown, relax, stencilOf, type Field } from './stencil-grid.ts';

/** The coarse grid the fill is solved on has at most this many cells on its long side. */
const COARSE_SIDE = 160;
/**
 * Per unknown cell, how much each neighbour weighs: the structure tensor of the lightness around
 * the hole (smoothed, then carried into the hole by a membrane) gives the direction of the
 * edges there and how clearly they run one way; along that direction a neighbour weighs up to
 * `strength` times more. A skirting, a rug's edge, floorboards or a door frame run on through
 * the hole; where nothing runs one way the fill is an even membrane.
 */
function edgeDirections(grid: Field, strength: number): Float32Array {
  const { width: w, height: h, values, unknown } = grid;
  const luma = new Float32Array(w * h);
  for (let p = 0; p < luma.length; p++) {
    luma[p] = 0.299 * values[p * 3]! + 0.587 * values[p * 3 + 1]! + 0.114 * values[p * 3 + 2]!;
  }
  const tensor: Field = {
    width: w,
    height: h,
    channels: 3,
    values: new Float32Array(w * h * 3),
    unknown: new Uint8Array(w * h).fill(1),
    stencil: null,
  };
  const parts = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  const measured = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if ([p, p - 1, p + 1, p - w, p + w].some((q) => unknown[q])) continue;
      const gx = (luma[p + 1]! - luma[p - 1]!) / 2;
      const gy = (luma[p + w]! - luma[p - w]!) / 2;
      parts[0]![p] = gx * gx;
      parts[1]![p] = gx * gy;
      parts[2]![p] = gy * gy;
      measured[p] = 1;
    }
  }
  const radius = Math.max(1, Math.round(Math.min(w, h) / 25));
  const smoothed = parts.map((part) => boxMeanOfKnown(part, measured, w, h, radius));
  for (let p = 0; p < w * h; p++) {
    if (!measured[p]) continue;
    tensor.unknown[p] = 0;
    for (let c = 0; c < 3; c++) tensor.values[p * 3 + c] = smoothed[c]![p]!;
  }
  relax(tensor, Math.max(60, 2 * Math.max(w, h)));

  const directions = new Float32Array(w * h * 3);
  for (let p = 0; p < w * h; p++) {
    if (!unknown[p]) continue;
    const [a, b, d] = [tensor.values[p * 3]!, tensor.values[p * 3 + 1]!, tensor.values[p * 3 + 2]!];
    const half = (a + d) / 2;
    const spread = Math.sqrt(Math.max(0, half * half - (a * d - b * b)));
    const coherence = half > 1e-6 ? (spread / half) ** 2 : 0;
    // The edge runs across the gradient: the eigenvector of the smaller eigenvalue.
    let ex = b;
    let ey = half - spread - a;
    if (Math.abs(b) < 1e-9) [ex, ey] = a >= d ? [0, 1] : [1, 0];
    const norm = Math.hypot(ex, ey) || 1;
    directions.set([ex / norm, ey / norm, 1 + (strength - 1) * coherence], p * 3);
  }
  return directions;
}

/** Unknown cells start as the line between the known cells left and right on their row. */
function startAlongRows(grid: Field): void {
  const { width, height, values, unknown } = grid;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!unknown[p]) continue;
      let l = x;
      while (l >= 0 && unknown[y * width + l]) l--;
      let r = x;
      while (r < width && unknown[y * width + r]) r++;
      for (let c = 0; c < 3; c++) {
        const a = l >= 0 ? values[(y * width + l) * 3 + c]! : null;
        const b = r < width ? values[(y * width + r) * 3 + c]! : null;
        values[p * 3 + c] =
          a !== null && b !== null ? a + ((b - a) * (x - l)) / (r - l) : (a ?? b ?? 128);
      }
    }
  }
}

/**
 * Fills the hole by letting colour run along the structure that crosses it (an anisotropic
 * membrane whose direction follows the edges found around the hole): the skirting and the
 * wall–floor line continue, a rug's edge or floorboards run on in their own perspective, a
 * door frame keeps its vertical. `strength` is how much more a neighbour along the edge weighs
 * where the edges clearly run one way. Solved on a coarse grid, then settled at full size
 * (`settle: false` skips that: enough to compare fills on stand-in holes). Only hole pixels
 * change.
 */
export function structureFill(
  image: RawImage,
  hole: Uint8Array,
  strength: number,
  options: { settle?: boolean } = {},
): RawImage {
  const { width, height } = image;
  // A wider ring than the membrane's: the edges' direction is read there.
  const box = paddedBounds(hole, width, height, (w, h) =>
    Math.max(6, Math.round(Math.max(w, h) * 0.25)),
  );
  if (!box) return { ...image, data: Buffer.from(image.data) };
  const grid = coarseGridOf(image, hole, box, COARSE_SIDE);
  const { width: cw, height: ch, scale } = grid;
  const cellOf = (x: number, y: number) => cellAt(cw, ch, scale, x, y);
  const coarse: Field = { ...grid, channels: 3, stencil: null };
  const directions = edgeDirections(coarse, strength);
  const directionOf = (cell: number) =>
    [directions[cell * 3]!, directions[cell * 3 + 1]!, directions[cell * 3 + 2]!] as const;
  coarse.stencil = stencilOf(cw, ch, coarse.unknown, directionOf);
  startAlongRows(coarse);
  relax(coarse, Math.max(80, 3 * Math.max(cw, ch)));

  // Full size: the coarse surface, bilinear, then a few rounds against the true edge pixels.
  const fine: Field = {
    width: box.width,
    height: box.height,
    channels: 3,
    ...upsampleIntoBox(image, hole, box, grid),
    stencil: null,
  };
  if ((options.settle ?? true) && scale < 1) {
    const fw = box.width;
    fine.stencil = stencilOf(fw, box.height, fine.unknown, (q) =>
      directionOf(cellOf(q % fw, Math.floor(q / fw))),
    );
    relax(fine, 24);
  }
  return withHoleFrom(image, hole, box, fine.values);
}
