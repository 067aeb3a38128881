import { describe, expect, it } from 'vitest';
import { closeTeeth } from './upholstery-layer.ts';

const W = 30;
const H = 30;

/** A cover from column 12 on whose left edge is a comb: every other pair of rows reaches 8. */
function comb() {
  const cover = new Uint8Array(W * H);
  for (let y = 4; y < 26; y++) {
    for (let x = 0; x < W; x++) {
      const teeth = Math.floor(y / 2) % 2 === 0;
      if (x >= 12 || (teeth && x >= 8)) cover[y * W + x] = 1;
    }
  }
  return cover;
}

describe('closeTeeth', () => {
  it('closes the gaps between the teeth of a lit arm', () => {
    const closed = closeTeeth(comb(), new Uint8Array(W * H), W, H);
    for (let y = 8; y < 22; y++) {
      for (let x = 8; x < 12; x++) expect(closed[y * W + x], `${x},${y}`).toBe(1);
    }
    // Nothing beyond the teeth' tips.
    expect(closed[15 * W + 6]).toBe(0);
  });

  it('never closes into what is no cover (the wall)', () => {
    const notCover = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) notCover[y * W + 10] = 1;
    const cover = comb();
    const closed = closeTeeth(cover, notCover, W, H);
    for (let y = 0; y < H; y++) {
      if (!cover[y * W + 10]) expect(closed[y * W + 10]).toBe(0);
    }
    expect(closed[14 * W + 11]).toBe(1);
  });
});
