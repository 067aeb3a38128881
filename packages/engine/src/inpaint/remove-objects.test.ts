import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import {
  detectObjects,
  loadDetector,
  type DetectedObject,
  type PercentBox,
} from '../models/object-detector.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { objectMask } from './object-mask.ts';
import { objectAt, removeObjects } from './remove-objects.ts';

function overlap(a: PercentBox, b: PercentBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.min(a.width * a.height, b.width * b.height) : 0;
}

/** Whether the detector still sees `label` where it was. */
const stillThere = (after: DetectedObject[], label: string, box: PercentBox) =>
  after.some((o) => o.label === label && overlap(o.box, box) > 0.5);

function unchangedOutside(before: RawImage, after: RawImage, mask: Uint8Array) {
  let changedOutside = 0;
  let changedInside = 0;
  for (let p = 0; p < mask.length; p++) {
    const same =
      before.data[p * 3] === after.data[p * 3] &&
      before.data[p * 3 + 1] === after.data[p * 3 + 1] &&
      before.data[p * 3 + 2] === after.data[p * 3 + 2];
    if (!same && mask[p]) changedInside++;
    if (!same && !mask[p]) changedOutside++;
  }
  return { changedOutside, changedInside };
}

describe('removeObjects on real photographs', () => {
  let room: RawImage;
  beforeAll(async () => {
    await loadDetector();
    room = await decodeImage(await fixture('living-room.jpg', 800));
  });

  it('takes the sofa out: the detector no longer finds it, nothing outside the mask changes', async () => {
    const before = await detectObjects(room);
    const couch = before.find((o) => o.label === 'couch')!;
    expect(couch).toBeDefined();
    const result = await removeObjects(room, { labels: ['couch'] }, { detections: before });
    expect(result.removed).toEqual([{ label: 'couch', score: couch.score, box: couch.box }]);
    expect(result.coverage).toBeGreaterThan(0.05);
    expect(result.coverage).toBeLessThan(0.25);
    const { changedOutside, changedInside } = unchangedOutside(room, result.image, result.mask);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(result.mask.length * 0.03);
    expect(stillThere(await detectObjects(result.image), 'couch', couch.box)).toBe(false);
  });

  it('takes out the object under a click (the armchair on the right)', async () => {
    const detections = await detectObjects(room);
    const chair = detections.find((o) => o.label === 'chair')!;
    const point = { x: chair.box.x + chair.box.width / 2, y: chair.box.y + chair.box.height / 2 };
    expect(objectAt(detections, point)?.label).toBe('chair');
    const result = await removeObjects(room, { point }, { detections });
    expect(result.removed.map((r) => r.label)).toEqual(['chair']);
    expect(unchangedOutside(room, result.image, result.mask).changedOutside).toBe(0);
    expect(stillThere(await detectObjects(result.image), 'chair', chair.box)).toBe(false);
  });

  it('removes the bed of the bedroom', async () => {
    const bedroom = await decodeImage(await fixture('bedroom.jpg', 640));
    const bed = (await detectObjects(bedroom)).find((o) => o.label === 'bed')!;
    const result = await removeObjects(bedroom, { labels: ['bed'] });
    expect(unchangedOutside(bedroom, result.image, result.mask).changedOutside).toBe(0);
    expect(stillThere(await detectObjects(result.image), 'bed', bed.box)).toBe(false);
  });

  it('does nothing when nothing matches, and fills given boxes without detection', async () => {
    const none = await removeObjects(room, { labels: ['giraffe'] });
    expect(none.removed).toEqual([]);
    expect(none.image.data.equals(room.data)).toBe(true);
    const box = { x: 40, y: 10, width: 10, height: 10 };
    const given = await removeObjects(room, { boxes: [box] });
    expect(given.removed).toEqual([{ label: null, score: null, box }]);
    expect(unchangedOutside(room, given.image, given.mask).changedOutside).toBe(0);
  });

  it('refines the box to the object: the wall above the backrest stays out of the mask', async () => {
    const couch = (await detectObjects(room)).find((o) => o.label === 'couch')!;
    const mask = await objectMask(room, couch.box);
    const x0 = Math.round((couch.box.x / 100) * room.width);
    const x1 = Math.round(((couch.box.x + couch.box.width) / 100) * room.width);
    const row = (yPercent: number) => {
      const y = Math.round((yPercent / 100) * room.height);
      let masked = 0;
      for (let x = x0; x < x1; x++) masked += mask[y * room.width + x]!;
      return masked / (x1 - x0);
    };
    // Through the seat: all object. Above the backrest, inside the grown box: wall, not masked.
    expect(row(couch.box.y + couch.box.height * 0.6)).toBeGreaterThan(0.95);
    expect(row(couch.box.y - 2)).toBeLessThan(0.2);
  });
});
