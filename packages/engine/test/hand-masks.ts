import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Mask } from '../src/masks/mask.ts';
import { FIXTURES } from './measure.ts';

/** One group of the hand-drawn SVG, rendered at the photo's size. */
export async function handMask(group: string, width: number, height: number): Promise<Mask> {
  const svg = fs.readFileSync(path.join(FIXTURES, 'living-room-regions.svg'), 'utf8');
  const body = new RegExp(`<g id="${group}">([\\s\\S]*?)</g>`).exec(svg)![1]!;
  const one = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 480" width="${width}" height="${height}"><rect width="800" height="480" fill="#000"/>${body}</svg>`;
  const data = await sharp(Buffer.from(one)).extractChannel(0).raw().toBuffer();
  return { width, height, data: new Uint8Array(data) };
}

const EVAL_MASKS = path.join(import.meta.dirname, '../eval/masks');

/** A hand tracing of the evaluation set: 255 inside, and where it says "either" (grey). */
export interface TracedRegion {
  mask: Mask;
  either: Uint8Array;
}

/** One of the evaluation's hand tracings (`eval/masks/<name>.svg`) at the photo's size. */
export async function tracedRegion(
  name: string,
  width: number,
  height: number,
): Promise<TracedRegion> {
  const data = await sharp(fs.readFileSync(path.join(EVAL_MASKS, `${name}.svg`)))
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return {
    mask: { width, height, data: Uint8Array.from(data, (v) => (v > 192 ? 255 : 0)) },
    either: Uint8Array.from(data, (v) => (v > 64 && v <= 192 ? 1 : 0)),
  };
}

/** Intersection over union with a tracing, leaving out what it marks "either". */
export function iouWithTracing(mask: Mask, traced: TracedRegion): number {
  let both = 0;
  let any = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (traced.either[p]) continue;
    const a = mask.data[p]! >= 128;
    const b = traced.mask.data[p]! >= 128;
    if (a && b) both++;
    if (a || b) any++;
  }
  return any === 0 ? 1 : both / any;
}
