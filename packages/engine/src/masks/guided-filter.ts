import type { RawImage } from '../raw-image.ts';
import type { Rect } from './rect.ts';

/**
 * A rectangle of the image and the smaller grid it is filtered on: He and Sun's fast guided
 * filter fits its linear coefficients on a copy of at most `maxPixels` and applies them to the
 * full-size colours, so a 12 MP sky costs what a 1 MP one does.
 */
export interface Grid {
  area: Rect;
  /** The grid's size (the area's when it is small enough). */
  w: number;
  h: number;
}

export function gridOf(area: Rect, maxPixels: number): Grid {
  const scale = Math.min(1, Math.sqrt(maxPixels / Math.max(1, area.width * area.height)));
  return {
    area,
    w: Math.max(1, Math.round(area.width * scale)),
    h: Math.max(1, Math.round(area.height * scale)),
  };
}

/** Grid cell of each column / row of the area (area-averaging when the grid is smaller). */
export function cellsOf(length: number, cells: number): Int32Array {
  const out = new Int32Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.min(cells - 1, Math.floor((i * cells) / length));
  return out;
}

/**
 * The area's colours (0..1) and `values(p)` per full-size pixel, averaged into the grid's cells:
 * three colour planes followed by one plane per value.
 */
export function toGrid(
  image: RawImage,
  grid: Grid,
  valueCount: number,
  values: (p: number, out: Float32Array) => void,
): Float32Array[] {
  const { area, w, h } = grid;
  const planes = Array.from({ length: 3 + valueCount }, () => new Float32Array(w * h));
  const counts = new Float32Array(w * h);
  const cx = cellsOf(area.width, w);
  const cy = cellsOf(area.height, h);
  const v = new Float32Array(valueCount);
  const [red, green, blue] = planes as [Float32Array, Float32Array, Float32Array];
  for (let y = 0; y < area.height; y++) {
    const rowCell = cy[y]! * w;
    for (let x = 0; x < area.width; x++) {
      const cell = rowCell + cx[x]!;
      const p = (area.top + y) * image.width + area.left + x;
      red[cell] = red[cell]! + image.data[p * 3]! / 255;
      green[cell] = green[cell]! + image.data[p * 3 + 1]! / 255;
      blue[cell] = blue[cell]! + image.data[p * 3 + 2]! / 255;
      values(p, v);
      for (let k = 0; k < valueCount; k++) {
        const plane = planes[3 + k]!;
        plane[cell] = plane[cell]! + v[k]!;
      }
      counts[cell] = counts[cell]! + 1;
    }
  }
  for (const plane of planes)
    for (let i = 0; i < plane.length; i++) plane[i] = plane[i]! / counts[i]!;
  return planes;
}

/** Means over (2r + 1)² windows, the window cut at the border (divided by what it holds). */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float64Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum / (Math.min(x + r, width - 1) - Math.max(x - r, 0) + 1);
      if (x + r + 1 < width) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(r, height - 1); y++) sum += tmp[y * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / (Math.min(y + r, height - 1) - Math.max(y - r, 0) + 1);
      if (y + r + 1 < height) sum += tmp[(y + r + 1) * width + x]!;
      if (y - r >= 0) sum -= tmp[(y - r) * width + x]!;
    }
  }
  return out;
}

/**
 * Reads a grid plane at a full-size pixel of the area, bilinearly between cell centres (the
 * plane itself when the grid is the area's size).
 */
export function gridSampler(grid: Grid) {
  const { area, w, h } = grid;
  const sx = w / area.width;
  const sy = h / area.height;
  const exact = w === area.width && h === area.height;
  return (plane: Float32Array, x: number, y: number): number => {
    if (exact) return plane[y * w + x]!;
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const tx = fx - x0;
    const ty = fy - y0;
    const top = plane[y0 * w + x0]! * (1 - tx) + plane[y0 * w + x1]! * tx;
    const bottom = plane[y1 * w + x0]! * (1 - tx) + plane[y1 * w + x1]! * tx;
    return top * (1 - ty) + bottom * ty;
  };
}

/**
 * He, Sun and Tang's guided filter with a colour guide: per window, `p` as a linear function of
 * the colours (a regularised 3×3 least-squares fit), those coefficients then averaged over the
 * windows holding each pixel. Returns the averaged a (for R, G, B) and b: q = a·I + b. Where `p`
 * is flat across a window, a = 0 and b = p exactly.
 */
export function guidedCoefficients(
  rgb: Float32Array[],
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  epsilon: number,
): [Float32Array, Float32Array, Float32Array, Float32Array] {
  const count = width * height;
  const mean = (plane: Float32Array) => boxMean(plane, width, height, r);
  const product = (a: Float32Array, b: Float32Array) => {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = a[i]! * b[i]!;
    return out;
  };
  const [R, G, B] = rgb as [Float32Array, Float32Array, Float32Array];
  const [mR, mG, mB, mP] = [mean(R), mean(G), mean(B), mean(p)];
  const [mRP, mGP, mBP] = [mean(product(R, p)), mean(product(G, p)), mean(product(B, p))];
  const [vRR, vRG, vRB] = [mean(product(R, R)), mean(product(R, G)), mean(product(R, B))];
  const [vGG, vGB, vBB] = [mean(product(G, G)), mean(product(G, B)), mean(product(B, B))];
  const aR = new Float32Array(count);
  const aG = new Float32Array(count);
  const aB = new Float32Array(count);
  const b = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const [r0, g0, b0, p0] = [mR[i]!, mG[i]!, mB[i]!, mP[i]!];
    const cR = mRP[i]! - r0 * p0;
    const cG = mGP[i]! - g0 * p0;
    const cB = mBP[i]! - b0 * p0;
    if (p0 <= 1e-6 || p0 >= 1 - 1e-6) {
      b[i] = p0 <= 1e-6 ? 0 : 1;
      continue;
    }
    const srr = vRR[i]! - r0 * r0 + epsilon;
    const srg = vRG[i]! - r0 * g0;
    const srb = vRB[i]! - r0 * b0;
    const sgg = vGG[i]! - g0 * g0 + epsilon;
    const sgb = vGB[i]! - g0 * b0;
    const sbb = vBB[i]! - b0 * b0 + epsilon;
    // The inverse of the symmetric 3×3 by its cofactors.
    const i00 = sgg * sbb - sgb * sgb;
    const i01 = srb * sgb - srg * sbb;
    const i02 = srg * sgb - srb * sgg;
    const i11 = srr * sbb - srb * srb;
    const i12 = srb * srg - srr * sgb;
    const i22 = srr * sgg - srg * srg;
    const det = srr * i00 + srg * i01 + srb * i02;
    aR[i] = (i00 * cR + i01 * cG + i02 * cB) / det;
    aG[i] = (i01 * cR + i11 * cG + i12 * cB) / det;
    aB[i] = (i02 * cR + i12 * cG + i22 * cB) / det;
    b[i] = p0 - aR[i]! * r0 - aG[i]! * g0 - aB[i]! * b0;
  }
  return [mean(aR), mean(aG), mean(aB), mean(b)];
}

/**
 * 1 for the cells where `busy(cell)` holds and for their eight neighbours (the cells a
 * bilinear read between cell centres reaches): elsewhere a per-pixel pass can be skipped.
 */
export function busyCells(grid: Grid, busy: (cell: number) => boolean): Uint8Array {
  const { w, h } = grid;
  const own = new Uint8Array(w * h);
  for (let i = 0; i < own.length; i++) own[i] = busy(i) ? 1 : 0;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!own[y * w + x]) continue;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && xx >= 0 && yy < h && xx < w) out[yy * w + xx] = 1;
        }
    }
  return out;
}
