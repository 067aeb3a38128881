import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { inpaintImage } from './inpaint-image.ts';
import { contextRect, inpaintRaw } from './inpaint.ts';

/** Vertical stripes, 8 px wide, with a gentle gradient: texture a good fill must continue. */
function stripes(width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = Math.floor(x / 8) % 2 === 0;
      const p = (y * width + x) * 3;
      data[p] = on ? 200 : 40;
      data[p + 1] = on ? 60 + (y >> 2) : 90;
      data[p + 2] = on ? 30 : 180;
    }
  }
  return { data, width, height };
}

function squareMask(width: number, height: number, x0: number, y0: number, size: number) {
  const mask = new Uint8Array(width * height);
  for (let y = y0; y < y0 + size; y++) mask.fill(1, y * width + x0, y * width + x0 + size);
  return mask;
}

function outsideUnchanged(before: RawImage, after: RawImage, mask: Uint8Array): boolean {
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) continue;
    for (let c = 0; c < 3; c++) if (before.data[p * 3 + c] !== after.data[p * 3 + c]) return false;
  }
  return true;
}

function meanError(a: RawImage, b: RawImage, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[p * 3 + c]! - b.data[p * 3 + c]!);
    n += 3;
  }
  return sum / n;
}

describe('inpaintRaw', () => {
  it('continues a texture into the hole and leaves every other byte as it was', () => {
    const image = stripes(240, 160);
    const mask = squareMask(240, 160, 100, 60, 40);
    const filled = inpaintRaw(image, mask);
    expect(outsideUnchanged(image, filled, mask)).toBe(true);
    // A flat average of the surroundings would be ~70 away on every channel of every stripe.
    expect(meanError(image, filled, mask)).toBeLessThan(25);
    expect(filled.data.equals(image.data)).toBe(false);
  });

  it('gives the same fill for the same seed, and a copy for an empty mask', () => {
    const image = stripes(120, 90);
    const mask = squareMask(120, 90, 40, 30, 20);
    expect(
      inpaintRaw(image, mask, { seed: 7 }).data.equals(inpaintRaw(image, mask, { seed: 7 }).data),
    ).toBe(true);
    const untouched = inpaintRaw(image, new Uint8Array(120 * 90));
    expect(untouched.data.equals(image.data)).toBe(true);
    expect(untouched.data).not.toBe(image.data);
  });

  it('works in a padded box around the mask, not on the whole photo', () => {
    const rect = contextRect(squareMask(4000, 3000, 2000, 1500, 100), 4000, 3000)!;
    expect(rect.width).toBeLessThan(400);
    expect(rect.height).toBeLessThan(400);
    expect(contextRect(new Uint8Array(100), 10, 10)).toBeNull();
  });

  it('survives a mask that covers everything', () => {
    const image = stripes(40, 30);
    const all = new Uint8Array(40 * 30).fill(1);
    expect(inpaintRaw(image, all).data.length).toBe(image.data.length);
  });
});

describe('inpaintImage (the engine capability)', () => {
  it('fills the light pixels of a mask image; PNG keeps the rest exactly', async () => {
    const image = stripes(200, 120);
    const png = await sharp(image.data, { raw: { width: 200, height: 120, channels: 3 } })
      .png()
      .toBuffer();
    const maskPixels = Buffer.alloc(200 * 120);
    for (let y = 40; y < 80; y++) maskPixels.fill(255, y * 200 + 80, y * 200 + 120);
    const mask = await sharp(maskPixels, { raw: { width: 200, height: 120, channels: 1 } })
      .png()
      .toBuffer();
    const result = await inpaintImage({ image: png, mask, format: 'png' });
    expect(result.applied[0]).toMatch(/^Filled 6\.7% of the image/);
    const after = await decodeImage(result.images[0]!);
    const holes = Uint8Array.from(maskPixels, (v) => (v ? 1 : 0));
    expect(outsideUnchanged(image, after, holes)).toBe(true);
  });

  it('refuses an empty mask and a mask that is not an image', async () => {
    const image = await sharp({
      create: { width: 50, height: 40, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const black = await sharp({
      create: { width: 50, height: 40, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    await expect(inpaintImage({ image, mask: black })).rejects.toMatchObject({
      code: 'nothing_to_do',
    });
    await expect(inpaintImage({ image, mask: Buffer.from('nope') })).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});
