import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handRegion, regionIoU } from '../../eval/measures.ts';
import { captionPhoto } from '../../test/captions.ts';
import { fixture } from '../../test/measure.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { maskIoU, type Mask } from './mask.ts';
import { SceneMasks } from './scene-masks.ts';
import { findText } from './text.ts';

const EVAL = path.join(import.meta.dirname, '../../eval');
const photo = (name: string) => readFile(path.join(EVAL, 'photos', name));

/** Mean luma of the pixels a mask selects (at least half). */
function lumaUnder(image: RawImage, mask: Mask, selected = true): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! >= 128 !== selected) continue;
    const i = p * 3;
    sum += 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    n++;
  }
  return sum / n;
}

describe('the text of a picture (PaddleOCR detector and recogniser, letters at full size)', () => {
  it('finds the sign’s five lines on the street photo, where the hand traced them', async () => {
    const image = await decodeImage(await photo('scenetext01.jpg'));
    const text = await findText(image);
    const words = text.parts.map((p) => p.text);
    for (const word of ['NOTICE', 'DOUBLE', 'PARKING', 'PROHIBITED']) expect(words).toContain(word);
    const hand = await handRegion(
      path.join(EVAL, 'masks', 'scenetext01-text.svg'),
      image.width,
      image.height,
    );
    expect(regionIoU(text.lines, hand)).toBeGreaterThan(0.8);
    // The letters are the sign's dark paint, not the white between them.
    const sign: Mask = { ...text.lines, data: Uint8Array.from(text.lines.data) };
    for (let p = 0; p < sign.data.length; p++) if (text.glyphs.data[p]! >= 128) sign.data[p] = 0;
    expect(lumaUnder(image, text.glyphs)).toBeLessThan(lumaUnder(image, sign) - 60);
  });

  it('outlines a caption’s letters themselves, not the box around them', async () => {
    const plate = await captionPhoto(await fixture('living-room.jpg', 1000), {
      text: 'SALE 50% OFF',
      x: 190,
      y: 90,
      size: 40,
      colour: '#222222',
    });
    const text = await findText(await decodeImage(plate.captioned));
    expect(text.parts).toHaveLength(1);
    expect(maskIoU(text.glyphs, plate.letters)).toBeGreaterThan(0.75);
    expect(maskIoU(text.lines, plate.letters)).toBeLessThan(0.6);
  });

  it('takes the short word between the hanging sign’s lines, not the bracket beside it', async () => {
    // 'at' between 'galleries' and 'the ship' is read with its neighbours' letters in its box
    // (0.53) and was left readable by 'pixelate the text'; the bracket's scroll reads 0.45.
    const image = await decodeImage(await photo('scenetext06.jpg'));
    const text = await findText(image);
    const share = (x0: number, y0: number, x1: number, y1: number) => {
      let on = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (text.lines.data[y * image.width + x]! >= 128) on++;
      return on / ((x1 - x0) * (y1 - y0));
    };
    expect(share(308, 195, 315, 201)).toBeGreaterThan(0.9);
    expect(share(262, 116, 290, 136)).toBe(0);
  });

  it('finds none on photos without text, though the detector outlines a cat’s eyes', async () => {
    for (const name of ['cat.png', 'rocket.jpg']) {
      const scene = new SceneMasks(await decodeImage(await fixture(name)));
      expect(await scene.resolve({ kind: 'text' })).toEqual({ found: false, reason: 'not_found' });
    }
  });
});
