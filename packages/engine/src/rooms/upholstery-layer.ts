import { dilate } from '../inpaint/mask-tools.ts';
import { erode, grow } from '../masks/surface-parts.ts';
import type { PercentBox } from '../models/object-detector.ts';

/** Lightness away from the cover's median beyond which a pixel of its outline is not cover. */
const COVER_LIGHTNESS = 25;
/**
 * Lightness above the median up to which a pixel of the outline is cover: the daylight on an
 * egg chair's rim lifts its L* by 20 to 30. What is not cover stands darker (a black table in
 * front, the shadow below).
 */
const COVER_LIT = 40;
/** Lab distance (lightness counted half: shading) from the cover's median colour it grows to. */
const COVER_COLOUR = 16;
/** How far outside its detected box a cover may still grow (an arm the box cut off). */
const BOX_MARGIN = 0.08;

/** How far (of the grid's long side) a cover may grow beyond its outline. */
const COVER_REACH = 0.06;
/** Gaps between the cover's teeth up to twice this many cells wide are closed. */
const CLOSE_CELLS = 2;
/**
 * A row of a cover's lower half narrower than this share of its widest row is a stand: a
 * pedestal, a stem, legs. They are metal or wood, and what lies below them (a star base's
 * feet) is too.
 */
const STAND_WIDTH = 0.3;

const medianLab = (lab: Float32Array, mask: Uint8Array) => {
  const pixels: number[] = [];
  for (let p = 0; p < mask.length; p++) if (mask[p]) pixels.push(p);
  return [0, 1, 2].map((c) => {
    const values = pixels.map((p) => lab[p * 3 + c]!).sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  });
};

/**
 * A piece's cover on the work grid: the pixels of its outline whose lightness is near the
 * outline's median (a black coffee table standing in front of a pale sofa, or the dark shadow
 * under it, is not cover), never those in `notCover`.
 */
export function coverOf(own: Uint8Array, lab: Float32Array, notCover: Uint8Array): Uint8Array {
  const median = medianLab(lab, own);
  return Uint8Array.from(own, (v, p) => {
    const dl = lab[p * 3]! - median[0]!;
    return v && !notCover[p] && dl >= -COVER_LIGHTNESS && dl <= COVER_LIT ? 1 : 0;
  });
}

/**
 * A cover grown smoothly, a little way, into the pixels of its colour beside it within its box
 * widened a little: the arm of a sofa its outline missed. Never into `notCover`.
 */
export function growCover(
  cover: Uint8Array,
  lab: Float32Array,
  notCover: Uint8Array,
  at: { w: number; h: number; box: PercentBox },
): Uint8Array {
  const median = medianLab(lab, cover);
  const { w, h, box } = at;
  const x0 = ((box.x - box.width * BOX_MARGIN) / 100) * w;
  const x1 = ((box.x + box.width * (1 + BOX_MARGIN)) / 100) * w;
  // Not above its box: what stands higher (a curtain behind a chair) is not its cover.
  const y0 = (box.y / 100) * h;
  const y1 = ((box.y + box.height) / 100) * h;
  const into = new Uint8Array(cover.length);
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(h, y1); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(w, x1); x++) {
      const p = y * w + x;
      const d = Math.hypot(
        (lab[p * 3]! - median[0]!) / 2,
        lab[p * 3 + 1]! - median[1]!,
        lab[p * 3 + 2]! - median[2]!,
      );
      if (!notCover[p] && d <= COVER_COLOUR) into[p] = 1;
    }
  }
  const grown = grow(cover, into, lab, w, h, Math.round(Math.max(w, h) * COVER_REACH));
  return closeTeeth(grown, notCover, w, h);
}

/**
 * A lit arm's creases alternate within and beyond the cover's colour, so its grown edge is a
 * comb of teeth with undyed stripes between: the gaps are closed (dilate, then erode), never
 * into `notCover`.
 */
export function closeTeeth(cover: Uint8Array, notCover: Uint8Array, w: number, h: number) {
  const closed = erode(dilate(cover, w, h, CLOSE_CELLS), w, h, CLOSE_CELLS);
  return Uint8Array.from(closed, (v, p) => (cover[p] || (v && !notCover[p]) ? 1 : 0));
}

/**
 * The cover without its stand: from the first row in its lower half narrower than STAND_WIDTH
 * of its widest row, down. An egg chair's shell and its metal star base share one dark
 * lightness, so the colour test took the base for cover and dyed it. For chairs only: a sofa's
 * front is narrowed by what stands before it (a coffee table), which is no stand.
 */
export function withoutStand(cover: Uint8Array, w: number, h: number): Uint8Array {
  const widths = new Int32Array(h);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) widths[y]! += cover[y * w + x]!;
    if (widths[y]! > 0) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0) return cover;
  const widest = Math.max(...widths);
  const middle = Math.ceil((top + bottom) / 2);
  let stand = -1;
  for (let y = middle; y <= bottom; y++) {
    if (widths[y]! < widest * STAND_WIDTH) {
      stand = y;
      break;
    }
  }
  if (stand < 0) return cover;
  const out = Uint8Array.from(cover);
  out.fill(0, stand * w);
  return out;
}
