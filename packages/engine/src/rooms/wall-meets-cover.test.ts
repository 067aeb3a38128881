import { describe, expect, it } from 'vitest';
import { shareTheSeam } from './wall-meets-cover.ts';

const W = 40;
const H = 10;

/**
 * A wall on the left (1 up to column 17), a cover from column 23 on; between them the wall's
 * ramp falls to 0 by column 20 and the cover's rises from 0 at column 19 to 1 at 23, so
 * columns 18–22 are painted by neither in full (the lit arm's pale comb).
 */
function seam() {
  const wall = new Float32Array(W * H);
  const cover = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      wall[p] = x <= 17 ? 1 : Math.max(0, 1 - (x - 17) / 3);
      cover[p] = x >= 23 ? 1 : Math.max(0, (x - 19) / 4);
    }
  }
  return { wall, cover };
}

const none = () => new Float32Array(W * H);

describe('shareTheSeam', () => {
  it('gives the cover what the wall leaves in the seam, so the strip is painted in full', () => {
    const { wall, cover } = seam();
    const wallBefore = Float32Array.from(wall);
    shareTheSeam(wall, cover, { width: W, height: H, reach: 2, kept: none(), floor: null });
    // The wall reaches column 19; within 2 of it, the seam is columns 18–21.
    for (let x = 18; x <= 21; x++) {
      const p = 5 * W + x;
      expect(wall[p]! + cover[p]!).toBeCloseTo(1, 5);
      expect(wall[p]).toBe(wallBefore[p]);
    }
    // Away from the seam nothing moves: beyond its reach, the wall's inside, the cover's.
    expect(cover[5 * W + 22]).toBeCloseTo(0.75, 5);
    expect(cover[5 * W + 5]).toBe(0);
    expect(cover[5 * W + 30]).toBe(1);
  });

  it('leaves what is kept and the floor their share', () => {
    const { wall, cover } = seam();
    const kept = none();
    const floor = none();
    kept[5 * W + 20] = 1;
    floor[6 * W + 20] = 0.5;
    shareTheSeam(wall, cover, { width: W, height: H, reach: 2, kept, floor });
    expect(cover[5 * W + 20]).toBeCloseTo(0.25, 5);
    expect(wall[6 * W + 20]! + cover[6 * W + 20]!).toBeCloseTo(0.5, 5);
  });

  it('does nothing where only one of them is near (a cover against the floor, a bare wall)', () => {
    const wall = new Float32Array(W * H).fill(0.4);
    const cover = none();
    for (let p = 0; p < W * H; p++) if (p % W >= 30) cover[p] = 0.5;
    for (let p = 0; p < W * H; p++) if (p % W >= 20) wall[p] = 0;
    shareTheSeam(wall, cover, { width: W, height: H, reach: 2, kept: none(), floor: null });
    expect(cover[5 * W + 35]).toBe(0.5);
    expect(wall[5 * W + 10]).toBeCloseTo(0.4, 5);
  });
});
