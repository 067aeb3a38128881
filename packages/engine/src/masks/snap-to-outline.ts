import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';
import type { Rect } from './rect.ts';

/** Gradient levels of the flood (ΔE × 4, so a quarter of a ΔE apart). */
const LEVELS = 256;

/** The largest colour step (ΔE) from each pixel to its four neighbours. */
function colourSteps(work: RawImage): Float32Array {
  const { width: w, height: h, data } = work;
  const n = w * h;
  const lab = new Float32Array(n * 3);
  const out = [0, 0, 0];
  for (let p = 0; p < n; p++) {
    rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, out);
    lab.set(out, p * 3);
  }
  const steps = new Float32Array(n);
  const step = (p: number, q: number) =>
    Math.hypot(
      lab[p * 3]! - lab[q * 3]!,
      lab[p * 3 + 1]! - lab[q * 3 + 1]!,
      lab[p * 3 + 2]! - lab[q * 3 + 2]!,
    );
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      let most = 0;
      if (x > 0) most = Math.max(most, step(p, p - 1));
      if (x + 1 < w) most = Math.max(most, step(p, p + 1));
      if (y > 0) most = Math.max(most, step(p, p - w));
      if (y + 1 < h) most = Math.max(most, step(p, p + w));
      steps[p] = most;
    }
  return steps;
}

/** Furniture standing against the wall: how far its outline may move above `bottom`. */
export interface AgainstWall {
  /** From the outline straight up. */
  band: number;
  /** From the outline to the left or right. */
  sideBand: number;
  /** The work row down to which the wall may stand beside or above the object. */
  bottom: number;
}

/**
 * The mask's pixels above `bottom` within `band` of its outline straight up, left or right: the
 * wall in a sofa's shadow is as grey as its cushions, so the colour models take a strip of it
 * above and beside them, deeper than the snap's band reaches.
 */
function wallSide(hard: Uint8Array, w: number, h: number, { band, sideBand, bottom }: AgainstWall) {
  const near = new Uint8Array(w * h);
  for (let y = 0; y < Math.min(h, bottom); y++) {
    const row = y * w;
    let run = 0;
    for (let x = 0; x < w; x++) {
      run = hard[row + x] ? run + 1 : 0;
      if (run > 0 && run <= sideBand) near[row + x] = 1;
    }
    run = 0;
    for (let x = w - 1; x >= 0; x--) {
      run = hard[row + x] ? run + 1 : 0;
      if (run > 0 && run <= sideBand) near[row + x] = 1;
    }
  }
  for (let x = 0; x < w; x++) {
    let run = 0;
    for (let y = 0; y < Math.min(h, bottom); y++) {
      run = hard[y * w + x] ? run + 1 : 0;
      if (run > 0 && run <= band) near[y * w + x] = 1;
    }
  }
  return near;
}

/**
 * The mask's outline moved onto the object's own edge nearby: a marker-controlled watershed.
 * What lies deeper than `band` inside the mask is the object, what lies further than twice that
 * outside it (or outside `objectRect`) is not; the pixels between are flooded from both sides in
 * order of the colour step they sit on, so the two floods meet on the strongest outline between
 * them. A sofa's lit arm, as light as the wall beside it, joins the sofa across its faint inner
 * seam instead of the wall across its outline. `hard` (255/0 at `work`'s size) is changed in
 * place.
 */
export function snapToOutline(
  work: RawImage,
  hard: Uint8Array,
  objectRect: Rect,
  band: number,
  againstWall?: AgainstWall,
) {
  const { width: w, height: h } = work;
  const n = w * h;
  const nearWall = againstWall ? wallSide(hard, w, h, againstWall) : undefined;
  const steps = colourSteps(work);
  const outside = dilate(
    Uint8Array.from(hard, (v) => (v ? 0 : 1)),
    w,
    h,
    band,
  );
  const near = dilate(hard, w, h, 2 * band);
  // 1 the object, 2 not, 0 to be flooded.
  const label = new Uint8Array(n);
  const right = objectRect.left + objectRect.width;
  const bottom = objectRect.top + objectRect.height;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const inRect = x >= objectRect.left && x < right && y >= objectRect.top && y < bottom;
      if (hard[p] && !outside[p] && !nearWall?.[p]) label[p] = 1;
      else if (!near[p] || !inRect) label[p] = 2;
    }
  // A mask thinner than the band everywhere has no sure inside: nothing to flood it from.
  if (!label.includes(1)) return;
  const level = (p: number) => Math.min(LEVELS - 1, Math.round(steps[p]! * 4));
  const buckets: number[][] = Array.from({ length: LEVELS }, () => []);
  // The side that reached a pixel first: an edge's pixels each go to the flood on their side.
  const reachedBy = new Uint8Array(n);
  const neighbours = (p: number) => {
    const x = p % w;
    return [
      x > 0 ? p - 1 : -1,
      x + 1 < w ? p + 1 : -1,
      p >= w ? p - w : -1,
      p + w < n ? p + w : -1,
    ];
  };
  const reach = (from: number, at: number) => {
    for (const q of neighbours(from)) {
      if (q < 0 || label[q] || reachedBy[q]) continue;
      reachedBy[q] = label[from]!;
      // A pixel is reached at the highest step on the way to it.
      buckets[Math.max(at, level(q))]!.push(q);
    }
  };
  for (let p = 0; p < n; p++) if (label[p]) reach(p, 0);
  for (let at = 0; at < LEVELS; at++) {
    const bucket = buckets[at]!;
    // First in, first out: a flat stretch is shared out evenly between the floods.
    for (let i = 0; i < bucket.length; i++) {
      const p = bucket[i]!;
      label[p] = reachedBy[p]!;
      reach(p, at);
    }
  }
  for (let p = 0; p < n; p++) hard[p] = label[p] === 1 ? 255 : 0;
}
