import { describe, expect, it } from 'vitest';
import type { DetectedObject } from '../models/object-detector.ts';
import type { RawImage } from '../raw-image.ts';
import { inpaintRaw } from './inpaint.ts';
import { otherObjectsMask } from './remove-objects.ts';
import { floorLineOutside } from './room-structure.ts';

const WALL = [225, 220, 210];
const FLOOR = [120, 80, 50];

/** A room seen face on: a plain wall, a floor of boards (darker seams every 12 px) from `line`. */
function room(width: number, height: number, line: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const seam = y >= line && x % 12 === 0 ? 40 : 0;
      const colour = y < line ? WALL : FLOOR;
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = colour[c]! - seam;
    }
  }
  return { data, width, height };
}

function rectMask(width: number, height: number, x0: number, y0: number, x1: number, y1: number) {
  const mask = new Uint8Array(width * height);
  for (let y = y0; y < y1; y++) mask.fill(1, y * width + x0, y * width + x1);
  return mask;
}

function paint(image: RawImage, mask: Uint8Array, colour: number[]) {
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) for (let c = 0; c < 3; c++) image.data[p * 3 + c] = colour[c]!;
  }
}

/** Mean colour of row `y` between x0 and x1. */
function rowMean(image: RawImage, y: number, x0: number, x1: number): number[] {
  const sum = [0, 0, 0];
  for (let x = x0; x < x1; x++) {
    for (let c = 0; c < 3; c++) sum[c]! += image.data[(y * image.width + x) * 3 + c]!;
  }
  return sum.map((v) => v / (x1 - x0));
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, c) => v - b[c]!));

describe('the fill of a room', () => {
  const width = 240;
  const height = 160;
  const line = 100;
  // A sofa standing across the wall–floor line, painted in a colour found nowhere else.
  const sofa = rectMask(width, height, 70, 60, 170, 130);

  it('finds the wall–floor line from the pixels the mask leaves', () => {
    const image = room(width, height, line);
    paint(image, sofa, [60, 70, 160]);
    expect(floorLineOutside(image, sofa)).toBeCloseTo(line, -1);
    expect(floorLineOutside(room(width, height, height), sofa)).toBeNull();
  });

  it('continues the wall above the line and the floor below it, the line straight', () => {
    const image = room(width, height, line);
    paint(image, sofa, [60, 70, 160]);
    const filled = inpaintRaw(image, sofa, { room: true });
    for (const y of [65, 80, line - 4]) {
      expect(distance(rowMean(filled, y, 75, 165), WALL)).toBeLessThan(15);
    }
    for (const y of [line + 4, 115, 125]) {
      expect(distance(rowMean(filled, y, 75, 165), FLOOR)).toBeLessThan(20);
    }
  });

  it('takes no patch from other objects when their boxes are excluded', () => {
    const image = room(width, height, line);
    // A red cabinet along the hole's whole right side: the nearest source, and the wrong one.
    const cabinet = rectMask(width, height, 170, 30, 204, 110);
    paint(image, cabinet, [200, 30, 30]);
    const hole = rectMask(width, height, 110, 40, 170, 95);
    const box = { x: (170 / width) * 100, y: (30 / height) * 100, width: 14, height: 50 };
    const excluded = otherObjectsMask(image, [{ label: 'chair', score: 0.8, box }], [])!;
    const filled = inpaintRaw(image, hole, { excludeSources: excluded });
    let reddish = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      const [r, g] = [filled.data[p * 3]!, filled.data[p * 3 + 1]!];
      if (r - g > 60) reddish++;
    }
    expect(reddish).toBe(0);
  });

  it('excludes the boxes of detections that stay, not of those removed', () => {
    const image = room(100, 50, 30);
    const stays: DetectedObject = {
      label: 'tv',
      score: 0.6,
      box: { x: 10, y: 20, width: 10, height: 20 },
    };
    const goes: DetectedObject = {
      label: 'couch',
      score: 0.7,
      box: { x: 50, y: 40, width: 30, height: 40 },
    };
    const removed = [{ label: goes.label, score: goes.score, box: goes.box }];
    const mask = otherObjectsMask(image, [stays, goes], removed)!;
    expect(mask[15 * 100 + 15]).toBe(1); // inside the tv's box
    expect(mask[30 * 100 + 60]).toBe(0); // inside the couch's box
    expect(mask.reduce((n, v) => n + v, 0)).toBe(10 * 10);
    expect(otherObjectsMask(image, [goes], removed)).toBeUndefined();
  });

  it('lets the fill draw on what a removed object stands before (the sofa behind a vase)', () => {
    const image = room(100, 50, 30);
    const sofa: DetectedObject = {
      label: 'couch',
      score: 0.6,
      box: { x: 20, y: 40, width: 60, height: 40 },
    };
    const vase: DetectedObject = {
      label: 'vase',
      score: 0.5,
      box: { x: 40, y: 60, width: 4, height: 10 },
    };
    // Half outside the sofa's box: a neighbour, still no source.
    const lamp: DetectedObject = {
      label: 'vase',
      score: 0.5,
      box: { x: 76, y: 60, width: 8, height: 10 },
    };
    expect(otherObjectsMask(image, [sofa, vase], [vase])).toBeUndefined();
    const mask = otherObjectsMask(image, [sofa, lamp], [lamp])!;
    expect(mask[30 * 100 + 50]).toBe(1);
  });
});
