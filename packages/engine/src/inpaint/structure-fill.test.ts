import { describe, expect, it } from 'vitest';
import { holePsnr } from '../../test/measure.ts';
import type { RawImage } from '../raw-image.ts';
import { membraneFill } from './membrane-fill.ts';
import { structureFill } from './structure-fill.ts';

const SIZE = 200;

/** A floor with a rug whose edge runs diagonally across the frame (a line at about 30°). */
function rugOnFloor(): RawImage {
  const data = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const onRug = y > 40 + x * 0.58;
      const grain = ((x + y) >> 2) % 2; // a faint weave
      data.set(onRug ? [70 + grain * 3, 80, 120] : [190, 160 + grain * 3, 120], (y * SIZE + x) * 3);
    }
  }
  return { width: SIZE, height: SIZE, data };
}

function squareHole(x0: number, y0: number, side: number) {
  const hole = new Uint8Array(SIZE * SIZE);
  for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) hole[y * SIZE + x] = 1;
  return hole;
}

describe('the structure fill', () => {
  const clean = rugOnFloor();
  const hole = squareHole(70, 60, 60);
  const image: RawImage = { ...clean, data: Buffer.from(clean.data) };
  for (let p = 0; p < hole.length; p++) if (hole[p]) image.data.set([30, 30, 30], p * 3);

  it('continues an edge that crosses the hole in its own direction', () => {
    const filled = structureFill(image, hole, 30);
    const even = membraneFill(image, hole, 1);
    expect(holePsnr(filled, clean, hole)).toBeGreaterThan(holePsnr(even, clean, hole) + 1.5);
    // Well inside the hole, on either side of the edge: floor above it, rug below.
    const at = (x: number, y: number) => filled.data[(y * SIZE + x) * 3 + 2]!;
    expect(at(100, 80)).toBeGreaterThan(110); // floor's blue channel is 120
    expect(at(100, 110)).toBeGreaterThan(110); // the rug's is 120 as well…
    expect(filled.data[(110 * SIZE + 100) * 3]!).toBeLessThan(100); // …but its red is 70
    expect(filled.data[(80 * SIZE + 100) * 3]!).toBeGreaterThan(160);
  });

  it('changes nothing outside the hole', () => {
    const filled = structureFill(image, hole, 300);
    for (let p = 0; p < hole.length; p++) {
      if (hole[p]) continue;
      for (let c = 0; c < 3; c++) expect(filled.data[p * 3 + c]).toBe(image.data[p * 3 + c]);
    }
  });
});
