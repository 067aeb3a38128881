import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../colour.ts';
import { emptyMask } from '../masks/mask.ts';
import type { RawImage } from '../raw-image.ts';
import { applyInMask, pixelate, recolour } from './masked.ts';
import { applyOperationsRaw } from './apply.ts';

/** A light grey "sofa" square with darker folds on a white wall. */
function scene(): { image: RawImage; mask: ReturnType<typeof emptyMask> } {
  const width = 100;
  const height = 80;
  const data = Buffer.alloc(width * height * 3, 235);
  const mask = emptyMask(width, height);
  for (let y = 20; y < 60; y++)
    for (let x = 20; x < 80; x++) {
      const fold = x % 10 < 3 ? 150 : 200;
      data.fill(fold, (y * width + x) * 3, (y * width + x) * 3 + 3);
      mask.data[y * width + x] = 255;
    }
  return { image: { width, height, data }, mask };
}

const lab = (image: RawImage, x: number, y: number) => {
  const out = [0, 0, 0];
  const i = (y * image.width + x) * 3;
  rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, out);
  return out as [number, number, number];
};

describe('edits inside a mask', () => {
  it('recolours the sofa blue, keeping its folds, and leaves the wall alone', () => {
    const { image, mask } = scene();
    const blue = recolour(image, mask, [30, 91, 214]);
    const flat = lab(blue, 25, 40);
    const fold = lab(blue, 21, 40);
    expect(flat[2]).toBeLessThan(-30); // clearly blue
    expect(flat[0] - fold[0]).toBeGreaterThan(8); // the fold is still darker
    expect(blue.data.subarray(0, 100 * 3 * 20)).toEqual(image.data.subarray(0, 100 * 3 * 20));
  });

  it('dyes cloth a believable blue: its folds and light kept, not a saturated paint', () => {
    const { image, mask } = scene();
    const blue = recolour(image, mask, [30, 91, 214], 0.8, { fabric: true });
    const flat = lab(blue, 25, 40);
    const fold = lab(blue, 21, 40);
    expect(flat[2]).toBeLessThan(-20); // blue
    // A blue sofa photographs far below the named colour's chroma (#1e5bd6 is 72).
    expect(Math.hypot(flat[1], flat[2])).toBeLessThan(45);
    expect(Math.hypot(flat[1], flat[2])).toBeGreaterThan(25);
    // The fold keeps its share of the light: darker by about what it was (150 vs 200 grey).
    const before = lab(image, 25, 40)[0] - lab(image, 21, 40)[0];
    expect(flat[0] - fold[0]).toBeGreaterThan(before * 0.6);
    expect(blue.data.subarray(0, 100 * 3 * 20)).toEqual(image.data.subarray(0, 100 * 3 * 20));
  });

  it('brightens only inside, with a soft edge that ends within a few pixels', async () => {
    const { image, mask } = scene();
    const out = await applyInMask(image, mask, (part) =>
      applyOperationsRaw(part, [{ kind: 'brightness', amount: 0.5 }]),
    );
    expect(out.data[(40 * 100 + 50) * 3]!).toBeGreaterThan(image.data[(40 * 100 + 50) * 3]! + 15);
    for (let y = 0; y < 80; y++)
      for (let x = 0; x < 100; x++) {
        const inside = x >= 15 && x < 85 && y >= 15 && y < 65;
        if (!inside) expect(out.data[(y * 100 + x) * 3]).toBe(image.data[(y * 100 + x) * 3]);
      }
  });

  it('pixelates into large flat squares that hide the folds', async () => {
    const { image } = scene();
    const out = await pixelate(image, 20);
    // Each 20-pixel square is one colour, though the folds (every 10 px) alternate under it.
    const at = (x: number, y: number) => out.data[(y * 100 + x) * 3];
    expect(image.data[(41 * 100 + 21) * 3]).not.toBe(image.data[(41 * 100 + 25) * 3]);
    for (let x = 20; x < 40; x++) expect(at(x, 41)).toBe(at(20, 41));
    expect(at(25, 41)).not.toBe(image.data[(41 * 100 + 25) * 3]);
  });
});
