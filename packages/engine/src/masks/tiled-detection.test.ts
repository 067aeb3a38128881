import { describe, expect, it } from 'vitest';
import type { DetectedObject } from '../models/object-detector.ts';
import { mergeDetections } from './tiled-detection.ts';

const at = (
  label: DetectedObject['label'],
  score: number,
  x: number,
  y: number,
  w: number,
  h: number,
) => ({ label, score, box: { x, y, width: w, height: h } }) satisfies DetectedObject;

describe("merging the whole photo's detections with its quarters'", () => {
  it('keeps one object, the better scored, where both saw the same thing', () => {
    const merged = mergeDetections(
      [at('chair', 0.21, 0, 56, 15, 37)],
      [at('chair', 0.29, 0, 57, 15, 36)],
    );
    expect(merged).toEqual([at('chair', 0.29, 0, 57, 15, 36)]);
  });

  it('takes a thing seen under another label on the same box for the same thing', () => {
    // living-room.jpg's egg chair: a chair whole, a chair and a couch in a quarter.
    const merged = mergeDetections(
      [at('chair', 0.21, 0.1, 55.9, 14.7, 36.8)],
      [at('chair', 0.29, 0, 57.3, 15.2, 35.8), at('couch', 0.2, 0.3, 56.5, 13.4, 30.1)],
    );
    expect(merged.map((d) => `${d.label} ${d.score}`)).toEqual(['chair 0.29']);
  });

  it("keeps the whole photo's label when a quarter names the same thing otherwise, even surer", () => {
    const merged = mergeDetections(
      [at('cup', 0.3, 40, 40, 10, 12)],
      [at('bowl', 0.45, 40, 41, 10, 11)],
    );
    expect(merged).toEqual([at('cup', 0.3, 40, 40, 10, 12)]);
  });

  it('drops a part of a thing found in a quarter (a chair inside a chair), not a thing before it', () => {
    const merged = mergeDetections(
      [at('chair', 0.47, 89.4, 57.5, 10.1, 28.1), at('couch', 0.65, 21.6, 56.7, 49.4, 31.2)],
      [at('chair', 0.32, 88.9, 56.6, 5.8, 5.8), at('vase', 0.39, 31.9, 74.6, 2.4, 4.6)],
    );
    expect(merged.map((d) => d.label)).toEqual(['couch', 'chair', 'vase']);
  });
});
