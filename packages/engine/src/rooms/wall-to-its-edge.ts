import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { Mask } from '../masks/mask.ts';
import type { RoomPiece } from '../masks/room-regions.ts';
import { boxMean } from '../masks/guided-filter.ts';
import { bandOf, refineSurfaceEdge } from '../masks/surface-edge.ts';
import type { RawImage } from '../raw-image.ts';

/** Bands beyond the first the wall's edge is carried on. */
export const PASSES = 8;
/**
 * A photo whose pixels at this share are no more colourful than MIN_CHROMA has no colour to
 * tell the wall from what stands before it (a black-and-white photo).
 */
const COLOUR_SHARE = 0.9;
const MIN_CHROMA = 6;
/**
 * Away from pieces, mean lightness step (|Δx| + |Δy|, 5 × 5 pixels) above which a pixel is no
 * paint: a plain wall is below 1, a curtain's weave about 4 at its edge and 7 inside, though
 * its lit edge has the wall's colour.
 */
const BUSY = 2;

/** Whether the photo has colour: a tenth of its pixels (sampled) reach C* MIN_CHROMA. */
export function hasColour(image: RawImage): boolean {
  const { width, height, data } = image;
  const step = Math.max(1, Math.floor((width * height) / 20_000));
  const chroma: number[] = [];
  const lab = [0, 0, 0];
  for (let p = 0; p < width * height; p += step) {
    rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, lab);
    chroma.push(Math.hypot(lab[1]!, lab[2]!));
  }
  chroma.sort((a, b) => a - b);
  return (chroma[Math.floor(chroma.length * COLOUR_SHARE)] ?? 0) >= MIN_CHROMA;
}

/** Per pixel, the mean lightness step to the right and below over a 5 × 5 window. */
export function busyness(image: RawImage): Float32Array {
  const { width, height, data } = image;
  const luma = new Float32Array(width * height);
  for (let p = 0; p < luma.length; p++) {
    luma[p] = 0.299 * data[p * 3]! + 0.587 * data[p * 3 + 1]! + 0.114 * data[p * 3 + 2]!;
  }
  const step = new Float32Array(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const p = y * width + x;
      step[p] = Math.abs(luma[p + 1]! - luma[p]!) + Math.abs(luma[p + width]! - luma[p]!);
    }
  }
  return boxMean(step, width, height, 2);
}

/** The pixels of `grown` reached from `start` through `grown` (4-neighbours). */
function reachedFrom(start: Uint8Array, grown: Mask): Mask {
  const { width, height } = grown;
  const out = new Uint8Array(grown.data.length);
  const queue = new Int32Array(grown.data.length);
  let tail = 0;
  for (let p = 0; p < out.length; p++) {
    if (start[p]) {
      out[p] = 255;
      queue[tail++] = p;
    }
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % width;
    for (const q of [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) {
      if (q < 0 || q >= out.length || out[q] || grown.data[q]! < 128) continue;
      out[q] = 255;
      queue[tail++] = q;
    }
  }
  return { width, height, data: out };
}

/**
 * The wall is found on a coarse grid whose texture test sees every outline a few cells out:
 * it stops short of a lamp's legs, a sofa's arm, a curtain's edge, the skirting, and the white
 * halo shows in every style. Here its edge is decided again band by band (PASSES bands),
 * growing only, into pixels of the wall's colour close by and reached from the wall without
 * a jump; never into a piece or a kept part (`keep`, 255 inside), nor below the floor line (a
 * share of the height). In a photo without colour the wall's grey is everything's grey (a ball
 * a man holds before the wall): there it grows only beside pieces, where the halo is surely
 * the grid's.
 */
export function wallToItsEdge(
  image: RawImage,
  wall: Mask,
  at: { pieces: readonly Pick<RoomPiece, 'mask'>[]; keep: Uint8Array; floorLine: number },
): Mask {
  const { width, height } = image;
  const colour = hasColour(image);
  if (!colour && at.pieces.length === 0) return wall;
  const piece = new Uint8Array(width * height);
  for (const { mask } of at.pieces) {
    for (let p = 0; p < piece.length; p++) if (mask.data[p]! >= 128) piece[p] = 1;
  }
  const near = dilate(piece, width, height, PASSES * bandOf(width, height));
  // Away from pieces (colour photos only) the paint keeps to plain pixels.
  const busy = colour ? busyness(image) : null;
  const floorStart = Math.round(at.floorLine * height) * width;
  const stop = Uint8Array.from(piece, (v, p) =>
    v || (!near[p] && (!busy || busy[p]! > BUSY)) || at.keep[p]! >= 128 || p >= floorStart ? 1 : 0,
  );
  let grown = wall;
  for (let pass = 0; pass < PASSES; pass++) grown = refineSurfaceEdge(image, grown, stop);
  return reachedFrom(
    Uint8Array.from(wall.data, (v) => (v >= 128 ? 1 : 0)),
    grown,
  );
}
