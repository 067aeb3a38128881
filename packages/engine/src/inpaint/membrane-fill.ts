import type { RawImage } from '../raw-image.ts';
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
  const cells: number[] = [];
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) cells.push(p);
  for (let round = 0; round < rounds; round++) {
    for (const p of cells) {
      const x = p % width;
      const left = x > 0 ? across : 0;
      const right = x < width - 1 ? across : 0;
      const up = p >= width ? 1 : 0;
      const down = p < (height - 1) * width ? 1 : 0;
      const weight = left + right + up + down;
      for (let c = 0; c < 3; c++) {
        const sum =
          (left && left * values[(p - 1) * 3 + c]!) +
          (right && right * values[(p + 1) * 3 + c]!) +
          (up && values[(p - width) * 3 + c]!) +
          (down && values[(p + width) * 3 + c]!);
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
  const { width, height, data } = image;
  const result: RawImage = { ...image, data: Buffer.from(data) };
  const box = paddedBounds(hole, width, height, (w, h) =>
    Math.max(4, Math.round(Math.max(w, h) * 0.1)),
  );
  if (!box) return result;
  const scale = Math.min(1, COARSE_SIDE / Math.max(box.width, box.height));
  const cw = Math.max(1, Math.round(box.width * scale));
  const ch = Math.max(1, Math.round(box.height * scale));
  const coarse: Grid = {
    width: cw,
    height: ch,
    values: new Float32Array(cw * ch * 3),
    unknown: new Uint8Array(cw * ch),
  };
  const counts = new Float32Array(cw * ch);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const cell =
        Math.min(ch - 1, Math.floor(y * scale)) * cw + Math.min(cw - 1, Math.floor(x * scale));
      const p = (box.top + y) * width + box.left + x;
      if (hole[p]) {
        coarse.unknown[cell] = 1;
        continue;
      }
      counts[cell] = counts[cell]! + 1;
      for (let c = 0; c < 3; c++) {
        coarse.values[cell * 3 + c] = coarse.values[cell * 3 + c]! + data[p * 3 + c]!;
      }
    }
  }
  for (let cell = 0; cell < counts.length; cell++) {
    if (coarse.unknown[cell] || !counts[cell]) continue;
    for (let c = 0; c < 3; c++) {
      coarse.values[cell * 3 + c] = coarse.values[cell * 3 + c]! / counts[cell]!;
    }
  }
  startAlongRows(coarse);
  if (Number.isFinite(across))
    relax(coarse, across, Math.max(60, Math.round(2 * Math.max(cw, ch))));

  // Full size: the coarse surface, bilinear, then a few rounds against the true edge pixels.
  const fine: Grid = {
    width: box.width,
    height: box.height,
    values: new Float32Array(box.width * box.height * 3),
    unknown: new Uint8Array(box.width * box.height),
  };
  for (let y = 0; y < box.height; y++) {
    const fy = Math.max(0, Math.min(ch - 1, (y + 0.5) * scale - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    for (let x = 0; x < box.width; x++) {
      const p = (box.top + y) * width + box.left + x;
      const q = y * box.width + x;
      if (!hole[p]) {
        for (let c = 0; c < 3; c++) fine.values[q * 3 + c] = data[p * 3 + c]!;
        continue;
      }
      fine.unknown[q] = 1;
      const fx = Math.max(0, Math.min(cw - 1, (x + 0.5) * scale - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      for (let c = 0; c < 3; c++) {
        const v = (cell: number) => coarse.values[cell * 3 + c]!;
        const top = v(y0 * cw + x0) + (v(y0 * cw + x1) - v(y0 * cw + x0)) * (fx - x0);
        const bottom = v(y1 * cw + x0) + (v(y1 * cw + x1) - v(y1 * cw + x0)) * (fx - x0);
        fine.values[q * 3 + c] = top + (bottom - top) * (fy - y0);
      }
    }
  }
  const settle = options.settle ?? true;
  if (Number.isFinite(across)) relax(fine, across, settle && scale < 1 ? 24 : 0);
  else startAlongRows(fine);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const p = (box.top + y) * width + box.left + x;
      if (!hole[p]) continue;
      const q = y * box.width + x;
      for (let c = 0; c < 3; c++) {
        result.data[p * 3 + c] = Math.max(0, Math.min(255, Math.round(fine.values[q * 3 + c]!)));
      }
    }
  }
  return result;
}
