import { describe, expect, it } from 'vitest';
import { growFloor } from './floor-growth.ts';

const w = 40;
const h = 100;

/** A room column by column: plain wall above row 40, boards below, shading darker upwards. */
function room(options: { plainBoards?: boolean; beanbagFrom?: number } = {}) {
  const lab = new Float32Array(w * h * 3);
  const texture = new Float32Array(w * h);
  const kind = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (y < 40) {
        lab.set([85, 0, -4], p * 3);
        kind[p] = 1;
        continue;
      }
      // Boards: lighter towards the camera, 0.4 a row; their gaps make them textured.
      lab.set([50 + (y - 40) * 0.4, 2, 10], p * 3);
      texture[p] = options.plainBoards ? 0.5 : 4;
      // The colour models were learnt lower down: the boards from row 52 match them.
      kind[p] = y >= 52 ? 2 : 0;
      // A beanbag the detector does not know: its colour drifts away from the boards' column
      // by column, each step gentle (5), to far from every floor colour at its left end.
      if (options.beanbagFrom !== undefined && y >= options.beanbagFrom && x < 20) {
        lab.set([50 + (y - 40) * 0.4, 2 + (20 - x) * 5, 10], p * 3);
        kind[p] = 0;
      }
    }
  }
  const nearFloor = (p: number) =>
    Math.hypot(lab[p * 3]! - 70, lab[p * 3 + 1]! - 2, lab[p * 3 + 2]! - 10);
  return { lab, texture, kind, nearFloor };
}

describe('growFloor', () => {
  it('takes the boards in the shade by the wall and stops at the plain wall', () => {
    const { lab, texture, kind, nearFloor } = room();
    growFloor(kind, lab, texture, w, h, new Float32Array(w).fill(45), nearFloor);
    for (let y = 40; y < 52; y++) expect(kind[y * w + 10]).toBe(2);
    expect(kind[39 * w + 10]).toBe(1);
  });

  it('does not climb a plain surface above the line', () => {
    const { lab, texture, kind, nearFloor } = room({ plainBoards: true });
    growFloor(kind, lab, texture, w, h, new Float32Array(w).fill(50), nearFloor);
    expect(kind[50 * w + 10]).toBe(2);
    expect(kind[46 * w + 10]).toBe(0);
  });

  it('leaves a thing whose colour drifts far from the floor alone, though each step is gentle', () => {
    const { lab, texture, kind, nearFloor } = room({ beanbagFrom: 48 });
    growFloor(kind, lab, texture, w, h, new Float32Array(w).fill(45), nearFloor);
    expect(kind[51 * w + 2]).toBe(0); // the beanbag's far end, 90 from the boards' colour
    expect(kind[51 * w + 18]).toBe(2); // its edge by the boards is their colour still
    expect(kind[45 * w + 5]).toBe(2); // the boards above it
  });
});
