import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { createLocalProvider } from '../local-provider.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';

const provider = createLocalProvider();

/** Mean of a channel over a rectangle given in fractions of the size. */
function mean(image: RawImage, c: number, l: number, t: number, r: number, b: number) {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(t * image.height); y < b * image.height; y++)
    for (let x = Math.floor(l * image.width); x < r * image.width; x++) {
      sum += image.data[(y * image.width + x) * 3 + c]!;
      n++;
    }
  return sum / n;
}

describe('a prompt that names a part changes only that part', () => {
  it('"make the sky orange" turns the dusk sky orange and leaves the rocket white', async () => {
    const photo = await fixture('rocket.jpg');
    const result = await provider.edit!({
      image: photo,
      prompt: 'make the sky orange',
      numImages: 1,
    });
    const before = await decodeImage(photo);
    const after = await decodeImage(result.images[0]!);
    // Sky between the towers: was blue, now orange (red well over blue).
    expect(mean(before, 2, 0.2, 0.1, 0.45, 0.4)).toBeGreaterThan(
      mean(before, 0, 0.2, 0.1, 0.45, 0.4),
    );
    expect(
      mean(after, 0, 0.2, 0.1, 0.45, 0.4) - mean(after, 2, 0.2, 0.1, 0.45, 0.4),
    ).toBeGreaterThan(80);
    // The rocket's body keeps its colour.
    for (let c = 0; c < 3; c++) {
      expect(
        Math.abs(mean(after, c, 0.495, 0.5, 0.505, 0.7) - mean(before, c, 0.495, 0.5, 0.505, 0.7)),
      ).toBeLessThan(6);
    }
    expect(result.clauses).toEqual([
      expect.objectContaining({
        done: true,
        code: 'recoloured',
        params: expect.objectContaining({ target: 'sky' }),
      }),
    ]);
  });

  it('says it could not find the sky in a living room, and changes nothing', async () => {
    const photo = await fixture('living-room.jpg', 480);
    await expect(
      provider.edit!({ image: photo, prompt: 'replace the sky with a sunset', numImages: 1 }),
    ).rejects.toMatchObject({
      code: 'nothing_to_do',
      clauses: [expect.objectContaining({ done: false, code: 'low_confidence' })],
    });
  });

  it('does the whole-picture clause and reports the part it could not find', async () => {
    const photo = await fixture('living-room.jpg', 480);
    const result = await provider.edit!({
      image: photo,
      prompt: 'make the sky orange and make it warmer',
      numImages: 1,
    });
    expect(result.clauses?.map((c) => [c.done, c.code])).toEqual([
      [false, 'low_confidence'],
      [true, 'adjusted'],
    ]);
    expect(result.unsupported).toEqual(['make the sky orange']);
  });

  it('refuses "make the curtains warmer" with the person\'s words instead of warming it all', async () => {
    const photo = await fixture('living-room.jpg', 480);
    await expect(
      provider.edit!({ image: photo, prompt: 'make the curtains warmer', numImages: 1 }),
    ).rejects.toMatchObject({
      code: 'nothing_to_do',
      message: 'Finding the curtains needs a selection or a hosted model',
      clauses: [{ done: false, code: 'no_local_source', params: { words: 'the curtains' } }],
    });
  });

  it('"make the sofa and the chair blue" recolours both, each in its own report', async () => {
    const photo = await fixture('living-room.jpg', 640);
    const result = await provider.edit!({
      image: photo,
      prompt: 'make the sofa and the chair blue',
      numImages: 1,
    });
    expect(result.clauses?.map((c) => [c.done, c.code, c.params?.colour])).toEqual([
      [true, 'recoloured', 'blue'],
      [true, 'recoloured', 'blue'],
    ]);
  });
});
