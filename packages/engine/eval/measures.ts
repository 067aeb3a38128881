import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { rgbToLab } from '../src/colour.ts';
import { dilate } from '../src/inpaint/mask-tools.ts';
import type { Mask } from '../src/masks/mask.ts';
import type { RawImage } from '../src/raw-image.ts';

export interface HandRegion {
  /** 255 inside the traced region. */
  mask: Mask;
  /** 1 where the tracing says "either" (grey: sky seen through a lattice): not counted. */
  ignore: Uint8Array;
}

/** A hand-traced SVG region rasterised at the photo's size: white inside, grey ignored. */
export async function handRegion(file: string, width: number, height: number): Promise<HandRegion> {
  const { data } = await sharp(await readFile(file))
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    mask: { width, height, data: Uint8Array.from(data, (v) => (v > 192 ? 255 : 0)) },
    ignore: Uint8Array.from(data, (v) => (v > 64 && v <= 192 ? 1 : 0)),
  };
}

/** Intersection over union of the pixels the tracing does not leave open. */
export function regionIoU(engine: Mask, hand: HandRegion): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < engine.data.length; p++) {
    if (hand.ignore[p]) continue;
    const a = engine.data[p]! >= 128;
    const b = hand.mask.data[p]! >= 128;
    if (a && b) both++;
    if (a || b) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** ΔE (CIE76) of every pixel between two images of one size. */
export function deltaE(a: RawImage, b: RawImage): Float32Array {
  const out = new Float32Array(a.width * a.height);
  const la = [0, 0, 0];
  const lb = [0, 0, 0];
  for (let p = 0; p < out.length; p++) {
    const i = p * 3;
    if (
      a.data[i] === b.data[i] &&
      a.data[i + 1] === b.data[i + 1] &&
      a.data[i + 2] === b.data[i + 2]
    )
      continue;
    rgbToLab(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!, la);
    rgbToLab(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!, lb);
    out[p] = Math.hypot(la[0]! - lb[0]!, la[1]! - lb[1]!, la[2]! - lb[2]!);
  }
  return out;
}

/**
 * Mean ΔE inside the region and outside it. Outside leaves out a band of `band` pixels around
 * the region: the feathered edge of a masked edit belongs to neither side.
 */
export function regionChange(change: Float32Array, hand: HandRegion, band: number) {
  const region = hand.mask;
  const hard = Uint8Array.from(region.data, (v) => (v ? 1 : 0));
  const near = dilate(hard, region.width, region.height, band);
  let inside = 0;
  let nIn = 0;
  let outside = 0;
  let nOut = 0;
  for (let p = 0; p < change.length; p++) {
    if (hand.ignore[p]) continue;
    if (hard[p]) {
      inside += change[p]!;
      nIn++;
    } else if (!near[p]) {
      outside += change[p]!;
      nOut++;
    }
  }
  return { inside: nIn ? inside / nIn : 0, outside: nOut ? outside / nOut : 0 };
}

export const meanOf = (values: Float32Array) => {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length ? sum / values.length : 0;
};
