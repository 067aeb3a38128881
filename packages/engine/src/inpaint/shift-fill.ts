import type { RawImage } from '../raw-image.ts';
import { dilate, kMeans, maskBounds, nearestDistance } from './mask-tools.ts';
import { membraneFill } from './membrane-fill.ts';

/** Of the hole's width, how far to either side a source is sought. */
const REACH = 4;
/** Samples of the ring (and of the hole) read per candidate shift, at most. */
const SAMPLES = 4000;
/** Of the source's sampled pixels, the share that may lie on what it must avoid. */
const MAX_AVOIDED = 0.05;
/** Colours read around the hole, to tell whether a source holds anything else. */
const RING_COLOURS = 8;
/** RGB distance from every colour around the hole beyond which a source's pixel is foreign. */
const FOREIGN_DISTANCE = 40;
/** Of a source's pixels, the share that may be foreign (a person beside a bare wall). */
export const MAX_FOREIGN = 0.1;

function sampled(mask: Uint8Array, keep: (p: number) => boolean): number[] {
  const all: number[] = [];
  for (let p = 0; p < mask.length; p++) if (keep(p)) all.push(p);
  const stride = Math.max(1, Math.ceil(all.length / SAMPLES));
  return stride === 1 ? all : all.filter((_, i) => i % stride === 0);
}

/**
 * The sideways shift (in pixels, same rows) of the stretch of picture that looks most like the
 * hole's surroundings: the ring around the hole against the ring around the shifted hole, by
 * squared colour difference. A source clear of the hole (further than its width) and of
 * `avoid` (other pieces, the piece itself when this is a stand-in), within the frame and
 * within REACH hole-widths. Null when none is.
 */
export function sourceShift(image: RawImage, hole: Uint8Array, avoid?: Uint8Array): number | null {
  const { width, height, data } = image;
  const bounds = maskBounds(hole, width);
  if (!bounds) return null;
  const w = bounds.x1 - bounds.x0 + 1;
  const h = bounds.y1 - bounds.y0 + 1;
  const reach = Math.max(3, Math.round(Math.min(w, h) / 4));
  const ring = dilate(hole, width, height, reach);
  const ringAt = sampled(ring, (p) => ring[p]! > 0 && !hole[p] && !avoid?.[p]);
  const holeAt = sampled(hole, (p) => hole[p]! > 0);
  if (ringAt.length === 0) return null;
  const blocked = (p: number) => hole[p]! > 0 || (avoid?.[p] ?? 0) > 0;
  const cost = (dx: number): number => {
    if (bounds.x0 - reach + dx < 0 || bounds.x1 + reach + dx >= width) return Infinity;
    let avoided = 0;
    for (const p of holeAt) if (blocked(p + dx)) avoided++;
    if (avoided > holeAt.length * MAX_AVOIDED) return Infinity;
    let sum = 0;
    let n = 0;
    for (const p of ringAt) {
      const q = p + dx;
      if (blocked(q)) continue;
      for (let c = 0; c < 3; c++) {
        const d = data[p * 3 + c]! - data[q * 3 + c]!;
        sum += d * d;
      }
      n++;
    }
    return n >= ringAt.length / 2 ? sum / n : Infinity;
  };
  // Coarse steps first (a wide hole has many shifts), then every pixel around the best.
  const step = Math.max(1, Math.round(w / 48));
  let best: number | null = null;
  let bestCost = Infinity;
  const consider = (dx: number) => {
    if (Math.abs(dx) <= w) return;
    const c = cost(dx);
    if (c < bestCost) [best, bestCost] = [dx, c];
  };
  for (let k = Math.ceil((w + 1) / step); k * step <= REACH * w; k++) {
    consider(k * step);
    consider(-k * step);
  }
  if (best === null) return null;
  const coarse: number = best;
  for (let dx = coarse - step + 1; dx < coarse + step; dx++) consider(dx);
  // A stretch whose ring matches can still hold something the ring does not (a person's arm
  // beside a bare wall): its own colours must be the ring's.
  const colours = kMeans(data, ringAt, RING_COLOURS);
  let foreign = 0;
  for (const p of holeAt)
    if (nearestDistance(data, p + best!, colours) > FOREIGN_DISTANCE) foreign++;
  return foreign <= holeAt.length * MAX_FOREIGN ? best : null;
}

/**
 * Where something thin crosses the seam (a branch leaving the vase that was there), the
 * difference there is the branch's, not the light's: spread over the hole it would leave a
 * dark smear. Differences along the seam further than this from their median are held to it.
 */
const SEAM_OUTLIER = 12;

function keepOutliersOffTheSeam(
  difference: Buffer,
  hole: Uint8Array,
  width: number,
  height: number,
): void {
  const seam = dilate(hole, width, height, 2);
  const at: number[] = [];
  for (let p = 0; p < hole.length; p++) if (seam[p] && !hole[p]) at.push(p);
  if (at.length === 0) return;
  for (let c = 0; c < 3; c++) {
    const values = at.map((p) => difference[p * 3 + c]!).sort((a, b) => a - b);
    const median = values[values.length >> 1]!;
    for (const p of at) {
      const v = difference[p * 3 + c]!;
      difference[p * 3 + c] = Math.max(median - SEAM_OUTLIER, Math.min(median + SEAM_OUTLIER, v));
    }
  }
}

/**
 * The hole filled with the stretch beside it that `sourceShift` found, copied across with its
 * texture (floorboards, a sofa's pleats, a table's edge stay sharp), and the difference
 * between it and the hole's own surroundings spread smoothly over the hole (a membrane), so
 * the seam matches exactly and a stretch a shade lighter is brought to the hole's light: a
 * Poisson-style clone. The source as it is when no shift is found. Only hole pixels change.
 */
export function shiftFill(
  image: RawImage,
  hole: Uint8Array,
  options: { avoid?: Uint8Array; settle?: boolean } = {},
): RawImage | null {
  const dx = sourceShift(image, hole, options.avoid);
  if (dx === null) return null;
  const { width, height, data } = image;
  // The difference, halved around 128 so the full ±255 fits a byte.
  const difference = Buffer.alloc(data.length, 128);
  for (let p = 0; p < hole.length; p++) {
    const q = p + dx;
    if (q < 0 || q >= hole.length) continue;
    for (let c = 0; c < 3; c++) {
      difference[p * 3 + c] = Math.round(128 + (data[p * 3 + c]! - data[q * 3 + c]!) / 2);
    }
  }
  keepOutliersOffTheSeam(difference, hole, width, height);
  const correction = membraneFill({ width, height, data: difference }, hole, 1, {
    settle: options.settle,
  }).data;
  const out = Buffer.from(data);
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 3; c++) {
      const value = data[(p + dx) * 3 + c]! + 2 * (correction[p * 3 + c]! - 128);
      out[p * 3 + c] = Math.max(0, Math.min(255, value));
    }
  }
  return { width, height, data: out };
}
