import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { detectObjects } from '../models/object-detector.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import type { Mask } from './mask.ts';
import { objectSilhouette } from './object-silhouette.ts';
import { estimateSky } from './sky.ts';

/** Share of a rectangle (fractions of the size) that the mask selects. */
function selected(mask: Mask, left: number, top: number, right: number, bottom: number): number {
  let on = 0;
  let all = 0;
  for (let y = Math.floor(top * mask.height); y < bottom * mask.height; y++)
    for (let x = Math.floor(left * mask.width); x < right * mask.width; x++) {
      all++;
      if (mask.data[y * mask.width + x]! >= 128) on++;
    }
  return on / all;
}

const photo = async (name: string): Promise<RawImage> => decodeImage(await fixture(name));

describe('the sofa, not its box', () => {
  it('outlines the sofa of the living room and leaves the wall and the floor lamp out', async () => {
    const image = await photo('living-room.jpg');
    const couch = (await detectObjects(image)).find((d) => d.label === 'couch')!;
    const { mask, confidence } = await objectSilhouette(image, couch.box);
    expect(confidence).toBeGreaterThan(0.5);
    // Seat cushions and back cushions.
    expect(selected(mask, 0.3, 0.6, 0.6, 0.7)).toBeGreaterThan(0.9);
    // The wall above the back cushions, the painting and the lamp beside it.
    expect(selected(mask, 0.3, 0.45, 0.6, 0.53)).toBeLessThan(0.05);
    expect(selected(mask, 0.1, 0.35, 0.18, 0.7)).toBe(0);
    // Well under the whole box.
    const box = couch.box;
    expect(selected(mask, 0, 0, 1, 1)).toBeLessThan(((box.width * box.height) / 10000) * 0.95);
  });
});

describe('the sky', () => {
  it('finds the dusk sky between the launch towers and leaves the rocket out', async () => {
    const image = await photo('rocket.jpg');
    const sky = await estimateSky(image);
    expect(sky.confidence).toBeGreaterThanOrEqual(0.5);
    expect(selected(sky.mask, 0.2, 0.05, 0.45, 0.5)).toBeGreaterThan(0.95);
    // The rocket's body (x ≈ 0.48–0.52 of the width, below its nose).
    expect(selected(sky.mask, 0.49, 0.45, 0.51, 0.8)).toBeLessThan(0.1);
  });

  it('takes the sky seen through a lattice tower, compared with the sky beside it', async () => {
    // A dusk sky much darker on the left than on the right (its row mean matches neither
    // side), a ground strip, and on the left a 40 px lattice tower: 2 px beams every 8 px.
    const width = 500;
    const height = 300;
    const data = Buffer.alloc(width * height * 3);
    const beam = (x: number, y: number) => x >= 40 && x < 80 && y < 240 && (x % 8 < 2 || y % 8 < 2);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const t = x / width;
        const [r, g, b] =
          y >= 240
            ? [60, 50, 40]
            : beam(x, y)
              ? [25, 25, 25]
              : [20 + 60 * t, 40 + 80 * t, 110 + 100 * t];
        data.set([r, g, b], (y * width + x) * 3);
      }
    const sky = await estimateSky({ data, width, height });
    let gaps = 0;
    let taken = 0;
    for (let y = 8; y < 232; y++)
      for (let x = 48; x < 72; x++) {
        if (beam(x, y)) continue;
        gaps++;
        if (sky.mask.data[y * width + x]! >= 128) taken++;
      }
    expect(taken / gaps).toBeGreaterThan(0.8);
    // The beams and the ground stay out.
    expect(sky.mask.data[100 * width + 48]!).toBeLessThan(128);
    expect(selected(sky.mask, 0, 0.85, 1, 1)).toBeLessThan(0.02);
  });

  it('says it could not find one indoors or behind a studio portrait', async () => {
    const room = await estimateSky(await photo('living-room.jpg'), { indoor: true });
    expect(room.confidence).toBeLessThan(0.5);
    const portrait = await estimateSky(await photo('astronaut.png'));
    expect(portrait.confidence).toBeLessThan(0.5);
  });
});
