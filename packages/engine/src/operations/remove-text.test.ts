import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { captionPhoto, psnrIn } from '../../test/captions.ts';
import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { Mask } from '../masks/mask.ts';
import { SceneMasks } from '../masks/scene-masks.ts';
import { analyzePrompt } from '../prompt/interpret.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { editPart } from './part-edits.ts';
import { removeInPart } from './remove-part.ts';

const photos = path.join(import.meta.dirname, '../../eval/photos');
const photo = (name: string) => readFile(path.join(photos, name));

async function run(image: RawImage, prompt: string) {
  const clause = analyzePrompt(prompt).clauses[0]!;
  const scene = new SceneMasks(image);
  const result = clause.removal
    ? await removeInPart(image, clause, scene)
    : await editPart(image, clause, scene, 0);
  return { ...result, found: await scene.resolve(clause.target!) };
}

/** Pixels that differ between two images, and how many of them lie outside `allowed`. */
function changes(a: RawImage, b: RawImage, allowed: Uint8Array) {
  let changed = 0;
  let outside = 0;
  for (let p = 0; p < a.width * a.height; p++) {
    const i = p * 3;
    if (
      a.data[i] === b.data[i] &&
      a.data[i + 1] === b.data[i + 1] &&
      a.data[i + 2] === b.data[i + 2]
    )
      continue;
    changed++;
    if (!allowed[p]) outside++;
  }
  return { changed, outside };
}

const grown = (mask: Mask, by: number) =>
  dilate(
    Uint8Array.from(mask.data, (v) => (v ? 1 : 0)),
    mask.width,
    mask.height,
    by,
  );

/** Standard deviation of luma over the pixels a mask selects: how readable letters are. */
function spread(image: RawImage, mask: Mask): number {
  const values: number[] = [];
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! < 255) continue;
    const i = p * 3;
    values.push(0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!);
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/** Mean L* over a box of pixels (inclusive). */
function meanLightness(image: RawImage, box: { x0: number; y0: number; x1: number; y1: number }) {
  const lab = [0, 0, 0];
  let sum = 0;
  let count = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const i = (y * image.width + x) * 3;
      rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, lab);
      sum += lab[0]!;
      count++;
    }
  }
  return sum / count;
}

describe('editing the text of a picture', () => {
  it('removes a caption from the sky, restoring the sky and nothing else', async () => {
    const plate = await captionPhoto(await photo('home.jpg'), {
      text: 'SALE 50% OFF',
      x: 20,
      y: 60,
      size: 34,
      colour: '#ffffff',
    });
    const image = await decodeImage(plate.captioned);
    const { image: after, report } = await run(image, 'remove the caption');
    expect(report).toMatchObject({ done: true, code: 'removed', params: { target: 'text' } });
    // Against the sky as it was: about 4 dB with the caption, above 28 dB once removed.
    expect(psnrIn(image, plate.clean, plate.letters)).toBeLessThan(6);
    expect(psnrIn(after, plate.clean, plate.letters)).toBeGreaterThan(28);
    // Only the letters and their halo (a few pixels) change.
    const { changed, outside } = changes(image, after, grown(plate.letters, 5));
    expect(changed).toBeGreaterThan(1000);
    expect(outside).toBe(0);
  });

  it('leaves a caption on cobbles in place: the fill would smear their grain', async () => {
    const plate = await captionPhoto(await photo('leuvenA.jpg'), {
      text: 'SALE 50% OFF',
      x: 120,
      y: 470,
      size: 44,
      colour: '#ffffff',
    });
    const image = await decodeImage(plate.captioned);
    const { image: after, report } = await run(image, 'entferne die Schrift');
    expect(report).toMatchObject({ done: false, code: 'busy_background' });
    expect(after.data.equals(image.data)).toBe(true);
  });

  it('takes the hanging sign’s letters out without smearing the cream wall into it', async () => {
    // The detector's outline of 'the ship' runs past the dark blue sign onto the cream wall
    // below it; filled from, the wall left a pale blob across the sign's last rows (L* 43–50
    // on a sign of L* 24) and the fill's blue took in the wall's top row.
    const image = await decodeImage(await photo('scenetext06.jpg'));
    const { image: after, report } = await run(image, 'remove the caption');
    expect(report).toMatchObject({ done: true, code: 'removed' });
    const sign = meanLightness(image, { x0: 287, y0: 160, x1: 291, y1: 170 });
    for (let y = 206; y <= 215; y++) {
      expect(meanLightness(after, { x0: 298, y0: y, x1: 328, y1: y })).toBeLessThan(sign + 8);
    }
    const wall = { x0: 290, y0: 216, x1: 335, y1: 224 };
    expect(meanLightness(after, wall)).toBeCloseTo(meanLightness(image, wall), 1);
  });

  it('keeps the hanging sign’s right edge straight beside “galleries”', async () => {
    // The outline of 'galleries' runs 3 px past the sign's right edge onto the wall; only the
    // outermost pixel stayed, and the two next to the sign took its blue (L* 80 for 183).
    const image = await decodeImage(await photo('scenetext06.jpg'));
    const { image: after } = await run(image, 'remove the text');
    const wall = { x0: 339, y0: 180, x1: 340, y1: 195 };
    expect(Math.abs(meanLightness(after, wall) - meanLightness(image, wall))).toBeLessThan(3);
  });

  it('blurs the sign’s lines until they are unreadable, and only them', async () => {
    const image = await decodeImage(await photo('scenetext01.jpg'));
    const { image: after, report, found } = await run(image, 'blur the text');
    expect(report).toMatchObject({ done: true, code: 'adjusted', params: { target: 'text' } });
    if (!found.found) throw new Error('no text');
    // The letters' contrast inside the lines is mostly gone.
    expect(spread(after, found.mask)).toBeLessThan(spread(image, found.mask) * 0.5);
    // The feather reaches a few pixels past the lines; nothing beyond it changes.
    expect(changes(image, after, grown(found.mask, 6)).outside).toBe(0);
  });

  it('pixelates the caption and the hanging sign in squares half a line high', async () => {
    const image = await decodeImage(await photo('scenetext06.jpg'));
    const { image: after, report, found } = await run(image, 'verpixele den Text');
    expect(report).toMatchObject({ done: true, code: 'pixelated' });
    if (!found.found) throw new Error('no text');
    expect(spread(after, found.mask)).toBeLessThan(spread(image, found.mask) * 0.6);
    expect(changes(image, after, grown(found.mask, 6)).outside).toBe(0);
  });

  it('pixelates a plate on the car and leaves the sign’s text alone', async () => {
    // A plate-like label set on the side of the street photo's car.
    const label = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">' +
        '<rect x="560" y="492" width="86" height="24" fill="#f4f4f0" stroke="#333"/>' +
        '<text x="566" y="510" font-family="DejaVu Sans" font-weight="bold" font-size="16" ' +
        'fill="#111">KA 4921</text></svg>',
    );
    const bytes = await sharp(await photo('scenetext01.jpg'))
      .composite([{ input: label }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const image = await decodeImage(bytes);
    const { image: after, report } = await run(image, 'pixelate the licence plate');
    expect(report).toMatchObject({ done: true, code: 'pixelated', params: { target: 'plate' } });
    const plate = new Uint8Array(image.width * image.height);
    for (let y = 484; y < 524; y++) for (let x = 552; x < 654; x++) plate[y * image.width + x] = 1;
    const { changed, outside } = changes(image, after, plate);
    expect(changed).toBeGreaterThan(800);
    expect(outside).toBe(0);
  });

  it('says there is no plate when no text stands on a vehicle', async () => {
    const image = await decodeImage(await photo('scenetext01.jpg'));
    const { image: after, report } = await run(image, 'remove the licence plate');
    expect(report).toMatchObject({ done: false, code: 'not_found', params: { target: 'plate' } });
    expect(after).toBe(image);
  });
});
