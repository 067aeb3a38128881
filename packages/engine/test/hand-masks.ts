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
