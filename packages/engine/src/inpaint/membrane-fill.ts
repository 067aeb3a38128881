import type { RawImage } from '../raw-image.ts';
import { coarseGridOf, upsampleIntoBox, withHoleFrom } from './coarse-grid.ts';
import { paddedBounds } from './mask-tools.ts';

/** The coarse grid the membrane is solved on has at most this many cells on its long side. */
const COARSE_SIDE = 160;
const OVER_RELAXATION = 1.9;

interface Grid {
  width: number;
  height: number;
  values: Float32Array;
  /** 1 where the value is unknown (to be solved). */
  unknown: Uint8Array;
}

/** Gauss–Seidel with over-relaxation; horizontal neighbours weigh `across`, vertical ones 1. */
function relax(grid: Grid, across: number, rounds: number): void {
  const { width, height, values, unknown } = grid;
  let count = 0;
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) count++;
  const cells = new Int32Array(count);
  for (let p = 0, i = 0; p < unknown.length; p++) if (unknown[p]) cells[i++] = p;
  const lastRow = (height - 1) * width;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < count; i++) {
      const p = cells[i]!;
      const x = p % width;
      const left = x > 0 ? across : 0;
      const right = x < width - 1 ? across : 0;
      const up = p >= width ? 1 : 0;
      const down = p < lastRow ? 1 : 0;
      const weight = left + right + up + down;
      for (let c = 0; c < 3; c++) {
        const sum =
          (left ? left * values[(p - 1) * 3 + c]! : 0) +
          (right ? right * values[(p + 1) * 3 + c]! : 0) +
          (up ? values[(p - width) * 3 + c]! : 0) +
          (down ? values[(p + width) * 3 + c]! : 0);
        const q = p * 3 + c;
        values[q] = values[q]! + OVER_RELAXATION * (sum / weight - values[q]!);
      }
    }
  }
}

/** Unknown cells start as the line between the known cells left and right on their row. */
function startAlongRows(grid: Grid): void {
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
        const t = (x - l) / (r - l);
        values[p * 3 + c] = a !== null && b !== null ? a + (b - a) * t : (a ?? b ?? 128);
      }
    }
  }
}

/**
 * Fills the hole with the smoothest surface that meets its surroundings (a membrane: each
 * pixel the weighted mean of its four neighbours). `across` > 1 lets colour run along rows
 * (the floor's depth bands), < 1 along columns (a door's edge); Infinity draws each row
 * straight from its left edge to its right (a skirting). Walls and floors
 * vary slowly where a piece stood, and the bench scores this above patch copies and above
 * OpenCV's Telea. Solved on a coarse grid, then settled at full size so the seam is exact
 * (`settle: false` skips that: enough to compare directions). Only hole pixels change.
 */
export function membraneFill(
  image: RawImage,
  hole: Uint8Array,
  across = 1,
  options: { settle?: boolean } = {},
): RawImage {
  const { width, height } = image;
  const box = paddedBounds(hole, width, height, (w, h) =>
    Math.max(4, Math.round(Math.max(w, h) * 0.1)),
  );
  if (!box) return { ...image, data: Buffer.from(image.data) };
  const coarse = coarseGridOf(image, hole, box, COARSE_SIDE);
  startAlongRows(coarse);
  if (Number.isFinite(across))
    relax(coarse, across, Math.max(60, Math.round(2 * Math.max(coarse.width, coarse.height))));

  // Full size: the coarse surface, bilinear, then a few rounds against the true edge pixels.
  const fine: Grid = {
    width: box.width,
    height: box.height,
    ...upsampleIntoBox(image, hole, box, coarse),
  };
  const settle = options.settle ?? true;
  if (Number.isFinite(across)) relax(fine, across, settle && coarse.scale < 1 ? 24 : 0);
  else startAlongRows(fine);
  return withHoleFrom(image, hole, box, fine.values);
}
