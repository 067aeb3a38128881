import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';
import { partsBehindThinThings } from './behind-thin-things.ts';
import { grow } from './surface-parts.ts';
import type { Mask } from './mask.ts';

/** Lab distance from the surface's colour around it within which an edge pixel is surface. */
const EDGE_DISTANCE = 8;

/** The band the region-finding's coarse grid leaves uncertain: three of its cells each way. */
const bandOf = (width: number, height: number) => Math.ceil((3 * Math.max(width, height)) / 400);

/** One pass of a box blur of radius `r` along rows, then along columns, in place (floats). */
function boxBlur(values: Float32Array, width: number, height: number, channels: number, r: number) {
  const line = new Float32Array(Math.max(width, height) * channels);
  const pass = (count: number, length: number, at: (i: number, k: number) => number) => {
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < length; k++) {
        for (let c = 0; c < channels; c++) line[k * channels + c] = values[at(i, k) + c]!;
      }
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let k = -r; k <= r; k++)
          sum += line[Math.min(length - 1, Math.max(0, k)) * channels + c]!;
        for (let k = 0; k < length; k++) {
          values[at(i, k) + c] = sum / (2 * r + 1);
          const out = Math.max(0, k - r);
          const into = Math.min(length - 1, k + r + 1);
          sum += line[into * channels + c]! - line[out * channels + c]!;
        }
      }
    }
  };
  pass(height, width, (y, x) => (y * width + x) * channels);
  pass(width, height, (x, y) => (y * width + x) * channels);
}

/**
 * A wall's or floor's mask found on a coarse grid, its edge decided again at full size: in a
 * band around the edge a pixel belongs to the surface when its colour is within a few ΔE of
 * the surface's own colour next to it (a normalised blur of the surely-inside pixels), so the
 * mask meets a painting's frame or a lamp's shade instead of stopping short of it in steps.
 */
export function refineSurfaceEdge(image: RawImage, mask: Mask): Mask {
  const { width, height } = mask;
  const band = bandOf(width, height);
  const hard = Uint8Array.from(mask.data, (v) => (v >= 128 ? 1 : 0));
  const grown = dilate(hard, width, height, band);
  // Surely inside: not within the band of anything outside.
  const outside = dilate(
    Uint8Array.from(hard, (v) => 1 - v),
    width,
    height,
    band,
  );
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
    if (!grown[p] || !outside[p] || weight < 0.01) continue;
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
