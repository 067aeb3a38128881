import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateImage } from '../src/generate.ts';
import { difference, measure } from './measure.ts';

describe('generateImage', () => {
  it('draws at the ratio’s preset resolution nearest a 1024 short side', async () => {
    for (const [ratio, width, height] of [
      ['16:9', 1920, 1080],
      ['1:1', 1024, 1024],
      ['3:4', 960, 1280],
    ] as const) {
      const image = await generateImage({
        prompt: 'calm sea',
        aspectRatio: ratio,
        seed: 1,
        shortSide: 1024,
      });
      const metadata = await sharp(image).metadata();
      expect(metadata.format).toBe('jpeg');
      expect({ ratio, width: metadata.width, height: metadata.height }).toEqual({
        ratio,
        width,
        height,
      });
    }
  });

  it('differs between seeds and repeats for the same seed', async () => {
    const a = await generateImage({
      prompt: 'abstract',
      aspectRatio: '1:1',
      seed: 1,
      shortSide: 512,
    });
    const b = await generateImage({
      prompt: 'abstract',
      aspectRatio: '1:1',
      seed: 2,
      shortSide: 512,
    });
    const again = await generateImage({
      prompt: 'abstract',
      aspectRatio: '1:1',
      seed: 1,
      shortSide: 512,
    });
    expect(await difference(a, b)).toBeGreaterThan(10);
    expect(await difference(a, again)).toBe(0);
  });

  it('takes its palette from colour and mood words in the three languages', async () => {
    const make = (prompt: string) =>
      generateImage({ prompt, aspectRatio: '1:1', seed: 5, shortSide: 512 });
    const red = await measure(await make('a red and orange poster'));
    expect(red.red).toBeGreaterThan(red.blue + 40);
    const blue = await measure(await make('ein blauer Ozean, Meer'));
    expect(blue.blue).toBeGreaterThan(blue.red + 30);
    const forest = await measure(await make('une forêt verte'));
    expect(forest.green).toBeGreaterThan(forest.blue);
    const night = await measure(await make('night sky'));
    expect(night.luminance).toBeLessThan(red.luminance);
  });
});
