import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { EngineInputError } from '../errors.ts';
import { decodeImage } from '../raw-image.ts';
import { detectObjects, loadDetector, suppressOverlaps } from './object-detector.ts';

const labelsOf = (objects: Array<{ label: string }>) => objects.map((o) => o.label);

describe('detectObjects (CenterNet, COCO)', () => {
  beforeAll(async () => {
    await loadDetector();
  });

  it('finds the couch and the chair of the living room, as percentage boxes', async () => {
    const objects = await detectObjects(await fixture('living-room.jpg', 800));
    expect(labelsOf(objects)).toEqual(expect.arrayContaining(['couch', 'chair']));
    const couch = objects.find((o) => o.label === 'couch')!;
    expect(couch.score).toBeGreaterThan(0.5);
    // The sofa spans the middle of the lower half (README of the fixtures: 344,543 793×303 px).
    expect(couch.box.x).toBeCloseTo(21.5, -1);
    expect(couch.box.y).toBeCloseTo(56.6, -1);
    expect(couch.box.width).toBeCloseTo(48.7, -1);
    expect(couch.box.height).toBeCloseTo(31.6, -1);
    for (const { box, score } of objects) {
      expect(score).toBeGreaterThanOrEqual(0.2);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(100.001);
      expect(box.y + box.height).toBeLessThanOrEqual(100.001);
    }
  });

  it('finds the bed, the dining chairs and the astronaut', async () => {
    expect(labelsOf(await detectObjects(await fixture('bedroom.jpg', 640)))).toContain('bed');
    const kitchen = labelsOf(await detectObjects(await fixture('kitchen-dining.jpg', 800)));
    expect(kitchen).toContain('chair');
    expect(kitchen).toContain('dining table');
    const [person] = await detectObjects(await fixture('astronaut.png'));
    expect(person).toMatchObject({ label: 'person' });
  });

  it('takes raw pixels as well as files, and can keep only some labels', async () => {
    const raw = await decodeImage(await fixture('living-room.jpg', 640));
    const objects = await detectObjects(raw, { labels: ['chair'] });
    expect(objects.length).toBeGreaterThan(0);
    expect(new Set(labelsOf(objects))).toEqual(new Set(['chair']));
  });

  it('refuses bytes that are not an image', async () => {
    await expect(detectObjects(Buffer.from('not an image'))).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});

describe('suppressOverlaps', () => {
  const box = (label: string, score: number, x1: number, y1 = 0, size = 100) => ({
    label: label as 'chair',
    score,
    x1,
    y1,
    x2: x1 + size,
    y2: y1 + size,
  });

  it('keeps one box per object, per label, best first', () => {
    const kept = suppressOverlaps(
      [
        box('chair', 0.3, 5),
        box('chair', 0.6, 0),
        box('dining table', 0.5, 20),
        box('chair', 0.4, 300),
      ],
      10,
    );
    expect(kept.map((k) => [k.label, k.score])).toEqual([
      ['chair', 0.6],
      ['dining table', 0.5],
      ['chair', 0.4],
    ]);
  });

  it('drops a second label on nearly the same box, and stops at the limit', () => {
    expect(suppressOverlaps([box('vase', 0.36, 0), box('bottle', 0.29, 2)], 10)).toHaveLength(1);
    expect(suppressOverlaps([box('chair', 0.5, 0), box('chair', 0.4, 500)], 1)).toHaveLength(1);
  });
});
