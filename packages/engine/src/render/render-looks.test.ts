import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, measure } from '../../test/measure.ts';
import { createLocalProvider } from '../local-provider.ts';
import { decodeImage, encodeJpeg } from '../raw-image.ts';
import { variationParams } from '../variations.ts';
import { luminance } from '../styles/filters.ts';
import { cadToRenderLook, padImageToSquare, padToSquare } from './render-looks.ts';

const local = createLocalProvider({ threads: 2 });
let photo: Buffer;

/** Standard deviation of the luminance: global contrast. */
async function spread(image: Buffer): Promise<number> {
  const gray = luminance(await decodeImage(image));
  const mean = gray.reduce((s, v) => s + v, 0) / gray.length;
  return Math.sqrt(gray.reduce((s, v) => s + (v - mean) ** 2, 0) / gray.length);
}

beforeAll(async () => {
  photo = await fixture('kitchen-dining.jpg', 320);
});

describe('CAD to render (local grade)', () => {
  it('adds contrast and colour and keeps the frame', async () => {
    const image = await decodeImage(photo);
    const graded = await cadToRenderLook(image, variationParams(0));
    expect([graded.width, graded.height]).toEqual([image.width, image.height]);
    const encoded = await encodeJpeg(graded, 92);
    expect(await spread(encoded)).toBeGreaterThan(await spread(photo));
    expect((await measure(encoded)).saturation).toBeGreaterThan((await measure(photo)).saturation);
  });
});

describe('two-step render, step 1: sketch conversion', () => {
  it('is grey lines on near-white paper', async () => {
    const result = await local.preset!({ image: photo, preset: 'two-step-sketch', numImages: 1 });
    const raw = await decodeImage(result.images[0]!);
    const gray = luminance(raw);
    const light = gray.filter((v) => v > 200).length / gray.length;
    const dark = gray.filter((v) => v < 110).length / gray.length;
    // Mostly paper, with real lines: edges, not a washed-out copy of the photo.
    expect(light).toBeGreaterThan(0.6);
    expect(dark).toBeGreaterThan(0.01);
    expect((await measure(result.images[0]!)).saturation).toBeLessThan(0.03);
    expect(result.applied[0]).toMatch(/^Sketch conversion/);
  });
});

describe('padToSquare', () => {
  it('centres the image on a square of its long side, margin in its border colour', async () => {
    const wide = {
      data: Buffer.alloc(40 * 20 * 3, 200),
      width: 40,
      height: 20,
    };
    wide.data.fill(10, (10 * 40 + 20) * 3, (10 * 40 + 21) * 3);
    const square = await padToSquare(wide);
    expect([square.width, square.height]).toEqual([40, 40]);
    expect(square.data.readUInt8(0)).toBe(200);
    // The dark pixel moved down by the 10-pixel top margin.
    expect(square.data.readUInt8((20 * 40 + 20) * 3)).toBe(10);
  });

  it('pads an encoded photo', async () => {
    const padded = await padImageToSquare(photo);
    const meta = await sharp(padded).metadata();
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBe(320);
  });
});
