import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';
import { partsBehindThinThings } from './behind-thin-things.ts';
import { grow } from './surface-parts.ts';
import type { Mask } from './mask.ts';

/** Lab distance from the surface's colour around it within which an edge pixel is surface. */
const EDGE_DISTANCE = 8;

/** The band the region-finding's coarse grid leaves uncertain: three of its cells each way. */
export const bandOf = (width: number, height: number) =>
  Math.ceil((3 * Math.max(width, height)) / 400);

/** One pass of a box blur of radius `r` along rows, then along columns, in place (floats). */
function boxBlur(values: Float32Array, width: number, height: number, channels: number, r: number) {
  const scale = 1 / (2 * r + 1);
  const rowLength = width * channels;
  const line = new Float32Array(rowLength);
  for (let y = 0; y < height; y++) {
    const base = y * rowLength;
    line.set(values.subarray(base, base + rowLength));
    for (let c = 0; c < channels; c++) {
      let sum = 0;
      for (let k = -r; k <= r; k++)
        sum += line[Math.min(width - 1, Math.max(0, k)) * channels + c]!;
      for (let x = 0; x < width; x++) {
        values[base + x * channels + c] = sum * scale;
        const out = x - r > 0 ? x - r : 0;
        const into = x + r + 1 < width ? x + r + 1 : width - 1;
        sum += line[into * channels + c]! - line[out * channels + c]!;
      }
    }
  }
  // Along columns a row at a time (a running sum per column), so memory is read in order.
  const source = Float32Array.from(values);
  const row = (y: number) => Math.min(height - 1, Math.max(0, y)) * rowLength;
  const sums = new Float64Array(rowLength);
  for (let k = -r; k <= r; k++) {
    const at = row(k);
    for (let i = 0; i < rowLength; i++) sums[i]! += source[at + i]!;
  }
  for (let y = 0; y < height; y++) {
    const base = y * rowLength;
    const out = row(y - r);
    const into = row(y + r + 1);
    for (let i = 0; i < rowLength; i++) {
      values[base + i] = sums[i]! * scale;
      sums[i]! += source[into + i]! - source[out + i]!;
    }
  }
}

/**
 * A wall's or floor's mask found on a coarse grid, its edge decided again at full size: in a
 * band around the edge a pixel belongs to the surface when its colour is within a few ΔE of
 * the surface's own colour next to it (a normalised blur of the surely-inside pixels), so the
 * mask meets a painting's frame or a lamp's shade instead of stopping short of it in steps.
 * With `stop` (1 where the surface may not go) the edge only grows: what is surface stays.
 */
export function refineSurfaceEdge(image: RawImage, mask: Mask, stop?: Uint8Array): Mask {
  const { width, height } = mask;
  const band = bandOf(width, height);
  const hard = new Uint8Array(mask.data.length);
  const notHard = new Uint8Array(mask.data.length);
  for (let p = 0; p < hard.length; p++) {
    if (mask.data[p]! >= 128) hard[p] = 1;
    else notHard[p] = 1;
  }
  const grown = dilate(hard, width, height, band);
  // Surely inside: not within the band of anything outside.
  const outside = dilate(notHard, width, height, band);
  const sums = new Float32Array(width * height * 4);
  for (let p = 0; p < hard.length; p++) {
    if (outside[p]) continue;
    sums[p * 4] = image.data[p * 3]!;
    sums[p * 4 + 1] = image.data[p * 3 + 1]!;
    sums[p * 4 + 2] = image.data[p * 3 + 2]!;
    sums[p * 4 + 3] = 1;
  }
  // Three box passes are close to a Gaussian; they reach two bands from the surely-inside.
  for (let i = 0; i < 3; i++) boxBlur(sums, width, height, 4, band);
  const out = Uint8Array.from(mask.data);
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  for (let p = 0; p < out.length; p++) {
    const weight = sums[p * 4 + 3]!;
    if (!grown[p] || !outside[p] || weight < 0.01 || (stop && (hard[p] || stop[p]))) continue;
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, a);
    // rgbToLab reads a table: whole bytes only.
    rgbToLab(
      Math.min(255, Math.round(sums[p * 4]! / weight)),
      Math.min(255, Math.round(sums[p * 4 + 1]! / weight)),
      Math.min(255, Math.round(sums[p * 4 + 2]! / weight)),
      b,
    );
    const near = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) < EDGE_DISTANCE;
    out[p] = near ? 255 : 0;
  }
  return { width, height, data: out };
}

/** Lab step between neighbours beyond which a wall is not continued (an object's outline). */
const SMOOTH_STEP = 3;
/** Parts of the wall smaller than this share of its largest part are let go. */
const MIN_PART = 0.25;
/** How far (of the long side) the wall behind a thin thing is carried on to its outlines. */
const BEHIND_REACH = 0.03;

/**
 * A wall is one smooth surface: parts of its mask that cannot be reached from its large parts
 * without crossing an edge (an undetected armchair, a curtain's folds, the white sky of a
 * painting leaning against it) share the wall's colour but not the wall; they are let go. The
 * wall seen between a floor lamp's legs is shut off too, but across something thin and dark:
 * it stays (`partsBehindThinThings`).
 */
export function keepSmoothParts(image: RawImage, mask: Mask): Mask {
  const { width, height } = mask;
  const n = width * height;
  const lab = new Float32Array(n * 3);
  const out = [0, 0, 0];
  // Every pixel's colour: what lies across a thin thing is read too.
  for (let p = 0; p < n; p++) {
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
    lab[p * 3] = out[0]!;
    lab[p * 3 + 1] = out[1]!;
    lab[p * 3 + 2] = out[2]!;
  }
  const step = (p: number, q: number) =>
    Math.hypot(
      lab[p * 3]! - lab[q * 3]!,
      lab[p * 3 + 1]! - lab[q * 3 + 1]!,
      lab[p * 3 + 2]! - lab[q * 3 + 2]!,
    );
  const part = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (mask.data[start]! < 128 || part[start] !== -1) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    part[start] = id;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= n || (q === p - 1 && x === 0) || (q === p + 1 && x === width - 1))
          continue;
        if (part[q] !== -1 || mask.data[q]! < 128 || step(p, q) >= SMOOTH_STEP) continue;
        part[q] = id;
        queue[tail++] = q;
      }
    }
    sizes.push(tail);
  }
  const largest = Math.max(0, ...sizes);
  const kept = sizes.map((size) => size >= largest * MIN_PART);
  const behind = partsBehindThinThings(lab, part, kept, width, height);
  for (const id of behind) kept[id] = true;
  const data = Uint8Array.from(mask.data, (v, p) => (part[p]! >= 0 && kept[part[p]!] ? v : 0));
  if (behind.size === 0) return { width, height, data };
  // The coarse mask took only the middle of the wall between the legs: it is carried on
  // through the wall's shading up to the legs' outlines.
  const seed = Uint8Array.from(part, (id) => (id >= 0 && behind.has(id) ? 1 : 0));
  const open = Uint8Array.from(mask.data, (v) => (v < 128 ? 1 : 0));
  const reach = Math.round(Math.max(width, height) * BEHIND_REACH);
  const grown = grow(seed, open, lab, width, height, reach);
  for (let p = 0; p < n; p++) if (grown[p]) data[p] = 255;
  return { width, height, data };
}
