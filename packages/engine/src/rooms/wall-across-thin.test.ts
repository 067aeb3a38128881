import { describe, expect, it } from 'vitest';
import { acrossThinThings } from './wall-across-thin.ts';

const W = 60;
const H = 40;

/** A plain wall of lightness 80 with a vertical stripe (x 30–31) of another lightness. */
function wallWithStripe(stripe: number, beyond = 80) {
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const x = p % W;
    lab[p * 3] = x === 30 || x === 31 ? stripe : x > 31 ? beyond : 80;
  }
  const painted = Uint8Array.from({ length: W * H }, (_, p) => (p % W < 28 ? 1 : 0));
  const free = Uint8Array.from({ length: W * H }, (_, p) => (p % W === 30 || p % W === 31 ? 0 : 1));
  return { lab, painted, free };
}

/** The share of the columns x0..x1 painted. */
const paintedIn = (mask: Uint8Array, x0: number, x1: number) => {
  let n = 0;
  for (let p = 0; p < W * H; p++) if (p % W >= x0 && p % W <= x1 && mask[p]) n++;
  return n / ((x1 - x0 + 1) * H);
};

describe('wall paint across thin things', () => {
  it('carries the paint past a dark leg onto the same wall behind it', () => {
    const { lab, painted, free } = wallWithStripe(10);
    const out = acrossThinThings(painted, free, { w: W, h: H, lab });
    expect(paintedIn(out, 32, 36)).toBe(1);
    // A limited way: the paint runs on a few cells (8 % of the long side), not over the frame.
    expect(paintedIn(out, 50, 59)).toBe(0);
    // The leg itself takes no paint.
    expect(out[10 * W + 30]).toBe(0);
  });

  it('stops at a fold that is not much darker than the wall (a curtain beside it)', () => {
    const { lab, painted, free } = wallWithStripe(65);
    const out = acrossThinThings(painted, free, { w: W, h: H, lab });
    expect(paintedIn(out, 32, 59)).toBe(0);
  });

  it('stops where what lies behind the leg has another colour', () => {
    const { lab, painted, free } = wallWithStripe(10, 65);
    const out = acrossThinThings(painted, free, { w: W, h: H, lab });
    expect(paintedIn(out, 32, 59)).toBe(0);
  });
});
