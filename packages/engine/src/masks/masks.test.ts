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

  it('says it could not find one indoors or behind a studio portrait', async () => {
    const room = await estimateSky(await photo('living-room.jpg'), { indoor: true });
    expect(room.confidence).toBeLessThan(0.5);
    const portrait = await estimateSky(await photo('astronaut.png'));
    expect(portrait.confidence).toBeLessThan(0.5);
  });
});
