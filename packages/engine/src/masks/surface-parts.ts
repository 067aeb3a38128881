import { dilate } from '../inpaint/mask-tools.ts';
import { labelRegions } from './regions.ts';

// Clean-ups of a surface's mask on a small grid: the parts that are one smooth surface,
// grown on through its shading, with its holes filled and its specks dropped.

/** Lab step between neighbours a surface is not continued across (an outline, a fold). */
export const SMOOTH_STEP = 3;
/** Parts of a surface smaller than this share of its largest part are let go. */
const MIN_PART = 0.05;
/** ... and than this share of the frame. */
const MIN_PART_OF_FRAME = 0.01;
/** Lab distance from the largest part's mean colour beyond which a part is another surface. */
const SAME_PAINT = 12;

/** Lab distance between two pixels of a grid's Lab values. */
export const step = (lab: Float32Array, p: number, q: number) =>
  Math.hypot(
    lab[p * 3]! - lab[q * 3]!,
    lab[p * 3 + 1]! - lab[q * 3 + 1]!,
    lab[p * 3 + 2]! - lab[q * 3 + 2]!,
  );

/**
 * The parts of a mask that are one smooth surface: grown from pixel to pixel while the colour
 * steps less than SMOOTH_STEP, so a curtain's folds or a cushion the wall's colour stay apart;
 * parts smaller than MIN_PART of the largest (or MIN_PART_OF_FRAME) are let go.
 */
export function smoothParts(
  mask: Uint8Array,
  lab: Float32Array,
  w: number,
  h: number,
  /** A part of wall reaches down at least to this row (boards above a cornice do not). */
  reachDown = 0,
) {
  const part = new Int32Array(w * h).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || part[start] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    part[start] = sizes.length;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= w * h || part[q] !== -1 || !mask[q] || step(lab, p, q) >= SMOOTH_STEP)
          continue;
        part[q] = sizes.length;
        queue[tail++] = q;
      }
    }
    sizes.push(tail);
  }
  const largest = sizes.indexOf(Math.max(0, ...sizes));
  const least = Math.max(sizes[largest]! * MIN_PART, w * h * MIN_PART_OF_FRAME);
  // One paint: a part far from the largest part's colour (wood boards above a cornice, dark
  // panels beside a white wall) is another surface, left as it is.
  const sums = sizes.map(() => [0, 0, 0]);
  const lowest = sizes.map(() => 0);
  for (let p = 0; p < w * h; p++) {
    if (part[p]! < 0) continue;
    for (let c = 0; c < 3; c++) sums[part[p]!]![c]! += lab[p * 3 + c]!;
    lowest[part[p]!] = Math.floor(p / w);
  }
  const mean = sums.map((s, id) => s.map((v) => v / sizes[id]!));
  const distance = (a: number, b: number) =>
    Math.hypot(...mean[a]!.map((v, c) => v - mean[b]![c]!));
  // The same paint in sun and in shade drifts part by part (the kitchen's green wall is 12
  // from its sunlit side, and 9 from the shade between them): a part is the same paint as one
  // already taken, beginning with the largest.
  const eligible = sizes.map((size, id) => size >= least && lowest[id]! >= reachDown);
  const taken = [largest];
  for (let grew = true; grew;) {
    grew = false;
    for (let id = 0; id < sizes.length; id++) {
      if (taken.includes(id) || !eligible[id]) continue;
      if (!taken.some((other) => distance(id, other) <= SAME_PAINT)) continue;
      taken.push(id);
      grew = true;
    }
  }
  const same = sizes.map((_, id) => eligible[id]! && taken.includes(id));
  return Uint8Array.from(part, (id) => (id >= 0 && same[id] ? 1 : 0));
}

/**
 * Holes inside a surface (not touching the frame, up to `maxSize` pixels, bordered mostly by
 * the surface itself) that nothing kept or standing fills become surface: a socket, a shadow,
 * the strip the region-finding left between the wall and a lamp.
 */
export function fillHoles(
  mask: Uint8Array,
  blocked: Uint8Array,
  w: number,
  h: number,
  maxSize: number,
) {
  const holes = labelRegions(w, h, (p) => !mask[p] && !blocked[p]);
  const border = new Array<number>(holes.sizes.length).fill(0);
  const surface = new Array<number>(holes.sizes.length).fill(0);
  const touchesFrame = new Set<number>();
  for (let p = 0; p < w * h; p++) {
    const hole = holes.labels[p]!;
    if (!hole) continue;
    const x = p % w;
    const y = (p - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesFrame.add(hole);
    for (const q of [p - 1, p + 1, p - w, p + w]) {
      if (q < 0 || q >= w * h || holes.labels[q] === hole) continue;
      border[hole]!++;
      if (mask[q]) surface[hole]!++;
    }
  }
  const out = Uint8Array.from(mask);
  for (let p = 0; p < w * h; p++) {
    const hole = holes.labels[p]!;
    if (!hole || touchesFrame.has(hole) || holes.sizes[hole]! > maxSize) continue;
    if (surface[hole]! >= border[hole]! * 0.6) out[p] = 1;
  }
  return out;
}

/**
 * A surface grown into the pixels `into` allows while the colour steps less than `maxStep`
 * (SMOOTH_STEP unless told) from pixel to pixel: the wall is carried on through its shading,
 * between a lamp's legs and down behind a chair, but not across an outline.
 */
export function grow(
  seed: Uint8Array,
  into: Uint8Array,
  lab: Float32Array,
  w: number,
  h: number,
  /** At most this many pixels away from the seed. */
  reach = Infinity,
  maxStep = SMOOTH_STEP,
) {
  const out = Uint8Array.from(seed);
  const depth = new Int32Array(seed.length);
  const queue: number[] = [];
  for (let p = 0; p < seed.length; p++) if (seed[p]) queue.push(p);
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    if (depth[p]! >= reach) continue;
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q < 0 || q >= w * h || out[q] || !into[q]) continue;
      if (step(lab, p, q) >= maxStep) continue;
      out[q] = 1;
      depth[q] = depth[p]! + 1;
      queue.push(q);
    }
  }
  return out;
}

/** The largest connected part and those at least `share` of it. */
export function mainParts(mask: Uint8Array, w: number, h: number, share: number) {
  const { labels, sizes } = labelRegions(w, h, (p) => mask[p] === 1);
  const largest = Math.max(0, ...sizes.slice(1));
  return Uint8Array.from(labels, (id) => (id && sizes[id]! >= largest * share ? 1 : 0));
}

export const erode = (mask: Uint8Array, w: number, h: number, r: number) =>
  Uint8Array.from(
    dilate(
      Uint8Array.from(mask, (v) => (v ? 0 : 1)),
      w,
      h,
      r,
    ),
    (v) => (v ? 0 : 1),
  );
