import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handRegion, regionIoU } from '../../eval/measures.ts';
import { iouWithTracing, tracedRegion } from '../../test/hand-masks.ts';
import { fixture } from '../../test/measure.ts';
import type { CocoLabel } from '../models/coco-labels.ts';
import { decodeImage } from '../raw-image.ts';
import { SceneMasks } from './scene-masks.ts';

const MASKS = path.resolve(import.meta.dirname, '../../eval/masks');

/** IoU of the object a clause names with the hand-traced region of the evaluation set. */
async function iouOf(
  photo: string,
  labels: CocoLabel[],
  position: 'left' | undefined,
  mask: string,
) {
  const image = await decodeImage(await fixture(photo));
  const found = await new SceneMasks(image).resolve({ kind: 'object', labels, position });
  if (!found.found) return { iou: 0, found };
  const hand = await handRegion(path.join(MASKS, `${mask}.svg`), image.width, image.height);
  return { iou: regionIoU(found.mask, hand), found };
}

describe('object silhouettes against hand-traced masks', () => {
  it('outlines the egg chair on the left (found on the photo’s lower-left quarter)', async () => {
    const { iou } = await iouOf('living-room.jpg', ['chair'], 'left', 'living-room-egg-chair');
    expect(iou).toBeGreaterThanOrEqual(0.85);
  }, 60_000);

  it('leaves the coffee out of the cup it is in, and keeps the cup’s rim', async () => {
    // "make the cup red" turned the coffee red: the crema is enclosed by the rim and its
    // colours are not in the room around the cup, so the box's colours took it in.
    const image = await decodeImage(await fixture('coffee.png'));
    const found = await new SceneMasks(image).resolve({ kind: 'object', labels: ['cup'] });
    if (!found.found) throw new Error('no cup');
    const share = (cx: number, cy: number, rx: number, ry: number) => {
      let on = 0;
      let n = 0;
      for (let y = cy - ry; y <= cy + ry; y++)
        for (let x = cx - rx; x <= cx + rx; x++) {
          if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
          n++;
          if (found.mask.data[y * image.width + x]! >= 128) on++;
        }
      return on / n;
    };
    expect(share(288, 145, 60, 28)).toBeLessThan(0.05);
    expect(share(290, 60, 30, 12)).toBeGreaterThan(0.9);
  }, 60_000);

  it('finds the vase on the coffee table, not the pendant lamp the whole photo calls a vase', async () => {
    const { iou, found } = await iouOf('living-room.jpg', ['vase'], undefined, 'living-room-vase');
    expect(found.found && found.objects[0]!.box.y).toBeGreaterThan(70);
    expect(iou).toBeGreaterThanOrEqual(0.7);
  }, 60_000);

  it('outlines the sofa without the coffee table, the shadow under it or the throw', async () => {
    const image = await decodeImage(await fixture('living-room.jpg'));
    const found = await new SceneMasks(image).resolve({ kind: 'object', labels: ['couch'] });
    expect(found.found).toBe(true);
    if (!found.found) return;
    const sofa = await tracedRegion('living-room-sofa', image.width, image.height);
    // 0.59 when the box's colours as a whole taught the sofa's (table, shadow and throw taken);
    // 0.78 before the outline was snapped to the sofa's edge (its lit left arm left out).
    expect(iouWithTracing(found.mask, sofa)).toBeGreaterThanOrEqual(0.8);
    // The lit left arm, as light as the wall beside it, is the sofa's.
    const leftArm = 700 * image.width + 360;
    expect(found.mask.data[leftArm]).toBeGreaterThanOrEqual(128);
    // The coffee table's top, in front of the seat, is not the sofa.
    const tableTop = 765 * image.width + 600;
    expect(found.mask.data[tableTop]).toBeLessThan(128);
    // The wall in the sofa's shadow, as grey as its cushions: 0.56 of a band above the right
    // cushion and all of the strip between it and the leaning canvas were the sofa's (dyed blue).
    const share = (x0: number, x1: number, y0: number, y1: number) => {
      let selected = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (found.mask.data[y * image.width + x]! >= 128) selected++;
      return selected / ((x1 - x0) * (y1 - y0));
    };
    expect(share(950, 1050, 540, 560)).toBeLessThan(0.1);
    expect(share(1115, 1135, 600, 660)).toBeLessThan(0.1);
    // The right cushion below stays the sofa's.
    expect(share(900, 1080, 580, 640)).toBeGreaterThan(0.95);
  }, 60_000);
});
