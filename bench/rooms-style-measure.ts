import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeRoom, regionsOf, type RawImage } from '@image-lab/engine';
import { rgbToLab } from '../packages/engine/src/colour.ts';
import { applyMaterialStyle } from '../packages/engine/src/rooms/material-style.ts';
import { ROOM_STYLES } from '../packages/engine/src/rooms/room-styles.ts';

// node --import tsx bench/rooms-style-measure.ts: for rooms with hand-drawn masks, the mean
// ΔE76 the four styles cause inside what must keep its colour (ceiling, pictures, curtains),
// the share of the wall changed by more than ΔE 5, and the spread of the wall's change of colour (RMS a*b* distance from the mean change).

const ENGINE = path.join(import.meta.dirname, '../packages/engine/test/fixtures');
const ROOMS = path.join(import.meta.dirname, 'fixtures/rooms');
const file = (p: string) =>
  fs.existsSync(path.join(ENGINE, p)) ? path.join(ENGINE, p) : path.join(ROOMS, p);

type Polys = Record<string, string[]>;
/** Polygons in the pixels of the photo decoded with its long side at 800. */
const HAND: Record<string, Polys> = {
  'castle-salon.jpg': {
    ceiling: ['0,0 676,0 676,55 380,85 0,28'],
    picture: ['277,151 347,151 347,247 277,247'],
    curtain: [
      '30,90 72,90 72,310 30,310',
      '190,100 210,100 210,280 190,280',
      '410,110 468,110 468,250 410,250',
    ],
    wall: [
      '215,110 268,110 268,300 215,300',
      '356,110 403,110 403,250 356,250',
      '600,120 676,120 676,330 600,330',
    ],
  },
  'kitchen-dining.jpg': {
    ceiling: ['160,0 610,0 600,55 420,62 200,58'],
    picture: ['460,92 538,92 538,253 460,253'],
    curtain: ['634,22 698,22 698,298 642,298'],
    wall: ['716,0 800,0 800,400 716,400', '552,100 598,100 598,250 552,250'],
  },
};

async function maskOf(polys: string[], width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}"/>${polys.map((p) => `<polygon fill="#fff" points="${p}"/>`).join('')}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer());
}

async function livingRoomMasks(width: number, height: number) {
  const svg = fs.readFileSync(path.join(ENGINE, 'living-room-regions.svg'), 'utf8');
  const out: Record<string, Uint8Array> = {};
  for (const group of ['ceiling', 'picture', 'curtain', 'wall']) {
    const body = new RegExp(`<g id="${group}">([\\s\\S]*?)</g>`).exec(svg)![1]!;
    const one = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 480" width="${width}" height="${height}"><rect width="800" height="480" fill="#000"/>${body}</svg>`;
    out[group] = new Uint8Array(await sharp(Buffer.from(one)).extractChannel(0).raw().toBuffer());
  }
  return out;
}

const labAt = (image: RawImage, p: number) => {
  const out = [0, 0, 0];
  rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
  return out;
};

export function measure(before: RawImage, after: RawImage, masks: Record<string, Uint8Array>) {
  const result: Record<string, number> = {};
  for (const [name, mask] of Object.entries(masks)) {
    let sum = 0;
    let n = 0;
    let changed = 0;
    const hues: number[] = [];
    for (let p = 0; p < mask.length; p++) {
      if (mask[p]! < 128) continue;
      const a = labAt(before, p);
      const b = labAt(after, p);
      const d = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
      sum += d;
      n++;
      if (d > 5) changed++;
      hues.push(b[1]! - a[1]!, b[2]! - a[2]!);
    }
    if (name === 'wall') {
      result.wallChanged = changed / n;
      // How far each pixel's change of colour (a*, b*) strays from the mean change: blotches.
      const ma = hues.filter((_, i) => i % 2 === 0).reduce((t, v) => t + v, 0) / n;
      const mb = hues.filter((_, i) => i % 2 === 1).reduce((t, v) => t + v, 0) / n;
      let spread = 0;
      for (let i = 0; i < hues.length; i += 2)
        spread += (hues[i]! - ma) ** 2 + (hues[i + 1]! - mb) ** 2;
      result.wallChangeSpread = Math.sqrt(spread / n);
    } else result[name] = sum / n;
  }
  return result;
}

const only = process.argv[2];
for (const name of ['living-room.jpg', 'castle-salon.jpg', 'kitchen-dining.jpg']) {
  const photo = await decodeRoom(fs.readFileSync(file(name)), 800);
  const masks =
    name === 'living-room.jpg'
      ? await livingRoomMasks(photo.width, photo.height)
      : Object.fromEntries(
          await Promise.all(
            Object.entries(HAND[name]!).map(
              async ([k, v]) => [k, await maskOf(v, photo.width, photo.height)] as const,
            ),
          ),
        );
  const regions = await regionsOf(photo);
  const style = only
    ? ((await import(only)).applyMaterialStyle as typeof applyMaterialStyle)
    : applyMaterialStyle;
  for (const s of ROOM_STYLES) {
    const { image } = await style(photo, regions, s);
    const m = measure(photo, image, masks);
    console.log(
      `${name.padEnd(20)} ${s.padEnd(13)} ` +
        Object.entries(m)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join('  '),
    );
  }
}
