import { LIT, litColourStep } from '../colour.ts';
import type { PercentBox } from '../models/object-detector.ts';
import type { RawImage } from '../raw-image.ts';

/** Lab centres of the main colours of some pixels (k-means, k = 3; minor clusters dropped). */
export function colourCentres(
  lab: Float32Array,
  pixels: readonly number[],
  k = 3,
  /** Keep only the main colour and its shades within this distance (a wall is one paint). */
  shadesOf?: number,
): number[][] {
  if (pixels.length === 0) return [];
  const step = Math.max(1, Math.floor(pixels.length / 4000));
  const sample = pixels.filter((_, i) => i % step === 0);
  const sorted = [...sample].sort((a, b) => lab[a * 3]! - lab[b * 3]!);
  let centres = Array.from({ length: k }, (_, i) => {
    const p = sorted[Math.floor(((i + 0.5) / k) * sorted.length)]!;
    return [lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!];
  });
  let counts = new Array<number>(k).fill(0);
  for (let round = 0; round < 8; round++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts = new Array<number>(k).fill(0);
    for (const p of sample) {
      const c = nearestIndex(lab, p, centres);
      counts[c]!++;
      for (let j = 0; j < 3; j++) sums[c]![j]! += lab[p * 3 + j]!;
    }
    centres = centres.map((c, i) => (counts[i] ? sums[i]!.map((s) => s / counts[i]!) : c));
  }
  const main = centres.filter((_, i) => counts[i]! >= sample.length * 0.15);
  if (shadesOf === undefined) return main;
  const order = centres.map((_, i) => i).sort((a, b) => counts[b]! - counts[a]!);
  const top = centres[order[0]!]!;
  // Shades of one paint differ in lightness, hardly in hue.
  return main.filter((c) => Math.hypot(c[1]! - top[1]!, c[2]! - top[2]!) <= shadesOf);
}

function nearestIndex(lab: Float32Array, p: number, centres: number[][]): number {
  let best = 0;
  let bestD = Infinity;
  for (const [i, c] of centres.entries()) {
    const d = distance(lab, p, c);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

const distance = (lab: Float32Array, p: number, c: number[]) =>
  Math.hypot(lab[p * 3]! - c[0]!, lab[p * 3 + 1]! - c[1]!, lab[p * 3 + 2]! - c[2]!);

/**
 * Lab distance of a pixel to the nearest centre (Infinity without centres); `lightness`
 * weighs the L difference (below 1 where shading varies a surface's lightness).
 */
export function nearest(lab: Float32Array, p: number, centres: number[][], lightness = 1): number {
  let best = Infinity;
  for (const c of centres) {
    const d = Math.hypot(
      (lab[p * 3]! - c[0]!) * lightness,
      lab[p * 3 + 1]! - c[1]!,
      lab[p * 3 + 2]! - c[2]!,
    );
    best = Math.min(best, d);
  }
  return best;
}

/** Mean lightness of the stretch above a jump below which it is no ceiling. */
const DARK = 15;

/**
 * Distance in a* and b* (weighed down in the dark) from the ceiling's hue beyond which a
 * column's top stretch is something else.
 */
const NOT_CEILING = 8;

/**
 * A wall reaching the frame's top in shadow is plain too, and its first jump is a cupboard's
 * top (the kitchen's green left wall was taken for ceiling down to the cupboards). The ceiling
 * is one surface: light falls off across it, but its hue stays, the median hue of the
 * stretches above the columns' jumps. A column whose stretch is far from that hue has no
 * ceiling (its row becomes 0, in place).
 */
function notCeilingColoured(lab: Float32Array, raw: Int32Array, w: number) {
  const means = Array.from(raw, (rows, x) => {
    if (rows <= 0) return null;
    const sum = [0, 0, 0];
    for (let y = 0; y < rows; y++) {
      for (let c = 0; c < 3; c++) sum[c]! += lab[(y * w + x) * 3 + c]!;
    }
    return sum.map((v) => v / rows);
  });
  const found = means.filter((m) => m !== null);
  if (found.length === 0) return;
  const median = (c: number) => found.map((m) => m[c]!).sort((a, b) => a - b)[found.length >> 1]!;
  const [a, b] = [median(1), median(2)];
  for (let x = 0; x < w; x++) {
    const m = means[x];
    if (!m) continue;
    const lit = Math.min(1, m[0]! / LIT);
    if (Math.hypot(m[1]! - a, m[2]! - b) * lit > NOT_CEILING) raw[x] = 0;
  }
}

/**
 * Per column, how many rows at the top are ceiling: the first strong change of lightness in
 * the top 30 % under a plain stretch, smoothed over neighbouring columns. Columns without one
 * have no ceiling (a wall or a cupboard reaching the frame).
 */
export function ceilingRows(lab: Float32Array, w: number, h: number) {
  const limit = Math.round(h * 0.3);
  const band = 3;
  const raw = new Int32Array(w);
  const L = (x: number, y: number) => lab[(y * w + x) * 3]!;
  // Colour, not lightness alone: a green wall meets a beige ceiling at one lightness.
  const D = (x: number, y0: number, y1: number) =>
    litColourStep(lab, (y0 * w + x) * 3, (y1 * w + x) * 3);
  for (let x = 0; x < w; x++) {
    let sum = 0;
    let sumSq = 0;
    let best = 0;
    for (let y = 0; y < limit - band - 1; y++) {
      const v = L(x, y);
      sum += v;
      sumSq += v * v;
      if (y < band + 2) continue;
      const n = y + 1;
      const spread = Math.sqrt(Math.max(0, sumSq / n - (sum / n) ** 2));
      if (spread >= 10) break;
      // A jump, not a ramp: the change across the row less the change on either side of it
      // (light falling off towards a corner is a ramp).
      const across = D(x, y + 1, y - 1);
      const ramp = (D(x, y - 1, y - band) + D(x, y + band, y + 1)) / 2;
      const step = across - ramp;
      // A ceiling is lit by the room: under a near-black stretch (dark panelling reaching the
      // frame) a jump is a picture's frame, not the ceiling's edge.
      if (sum / n < DARK) break;
      // The first clear jump; failing that, the strongest faint one under a plain stretch.
      if (step > 2) {
        raw[x] = y;
        break;
      }
      if (step > 1.2 && step > best) {
        best = step;
        raw[x] = y;
      }
    }
  }
  notCeilingColoured(lab, raw, w);
  const window = Math.max(2, Math.round(w / 24));
  const rows = new Int32Array(w);
  let found = 0;
  for (let x = 0; x < w; x++) {
    const near = Array.from(raw.subarray(Math.max(0, x - window), x + window + 1)).sort(
      (a, b) => a - b,
    );
    rows[x] = near[near.length >> 1]!;
    if (rows[x]! > 0) found++;
  }
  // Columns where the edge was too faint are bridged from the ceiling on both sides.
  let last = -1;
  for (let x = 0; x < w; x++) {
    if (rows[x]! === 0) continue;
    if (last >= 0 && x - last > 1) {
      for (let g = last + 1; g < x; g++) {
        rows[g] = Math.round(rows[last]! + ((rows[x]! - rows[last]!) * (g - last)) / (x - last));
      }
    }
    last = x;
  }
  const share = found / w;
  if (share < 0.25) rows.fill(0);
  return { rows, confidence: share < 0.25 ? 0 : Math.min(1, share * 1.2) };
}

/** Pieces that stand on the floor: the wall–floor line runs behind them. */
const STANDING = new Set([
  'couch',
  'chair',
  'bed',
  'dining table',
  'bench',
  'refrigerator',
  'oven',
  'toilet',
]);

/**
 * The lowest the wall–floor line can lie, as a share of the height: a piece standing on the
 * floor has its feet in front of the wall, so the line runs above the lowest point of every
 * such piece. A box less tall than a tenth of the photo is a part of one (a table's top seen
 * alone), not down to its feet. Null without one.
 */
export function lowestFloorLine(boxes: readonly { label: string; box: PercentBox }[]) {
  const standing = boxes.filter((b) => STANDING.has(b.label) && b.box.height >= 10);
  if (standing.length === 0) return null;
  return Math.min(...standing.map(({ box }) => (box.y + box.height) / 100));
}

/**
 * The wall–floor line: the row between 40 % and 92 % of the height where the colour changes
 * most, compared over the same columns above and below (columns a piece's box covers in
 * either row are left out, so the edge of a box is not taken for the skirting). Null when no
 * row stands out.
 */
export function wallFloorRow(image: RawImage, excluded: Uint8Array): number | null {
  const { width, height, data } = image;
  const gap = Math.max(2, Math.round(height / 40));
  let best = 0;
  let bestRow = -1;
  for (let y = Math.round(height * 0.4); y < Math.round(height * 0.92) - gap; y++) {
    const sums = [0, 0, 0, 0, 0, 0];
    let n = 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const q = p + gap * width;
      if (excluded[p] || excluded[q]) continue;
      for (let c = 0; c < 3; c++) {
        sums[c]! += data[p * 3 + c]!;
        sums[c + 3]! += data[q * 3 + c]!;
      }
      n++;
    }
    if (n < width * 0.15) continue;
    let change = 0;
    for (let c = 0; c < 3; c++) change += Math.abs(sums[c]! - sums[c + 3]!) / n;
    if (change > best) {
      best = change;
      bestRow = y + gap / 2;
    }
  }
  return best > 20 ? bestRow : null;
}
