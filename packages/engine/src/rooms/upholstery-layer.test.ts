import { describe, expect, it } from 'vitest';
import { closeTeeth, coverOf, withoutStand } from './upholstery-layer.ts';

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

describe('withoutStand', () => {
  /** Rows y0..y1 (not y1) filled from x0 to x1 (not x1). */
  const rows = (cover: Uint8Array, y0: number, y1: number, x0: number, x1: number) => {
    for (let y = y0; y < y1; y++) cover.fill(1, y * W + x0, y * W + x1);
  };
  const filled = (cover: Uint8Array, y: number) =>
    cover.subarray(y * W, (y + 1) * W).reduce((s, v) => s + v, 0);

  it('takes an egg chair’s stem and its star feet out of the cover, and keeps the shell', () => {
    const chair = new Uint8Array(W * H);
    rows(chair, 2, 16, 5, 25); // the shell and seat, 20 wide
    rows(chair, 16, 22, 14, 16); // the stem, 2 wide
    rows(chair, 22, 24, 7, 23); // the feet, 16 wide
    const cover = withoutStand(chair, W, H);
    for (let y = 2; y < 16; y++) expect(filled(cover, y)).toBe(20);
    for (let y = 16; y < 24; y++) expect(filled(cover, y)).toBe(0);
  });

  it('leaves a cover without a stand as it is, however its bottom tapers', () => {
    const seat = new Uint8Array(W * H);
    rows(seat, 2, 18, 5, 25);
    rows(seat, 18, 22, 9, 21); // a rounded front, 12 of 20 wide
    expect(withoutStand(seat, W, H)).toEqual(seat);
  });
});

describe('coverOf', () => {
  /** An outline of 10 pixels: six of the cover (L* 30), and one of each other lightness. */
  const lightness = [30, 30, 30, 30, 30, 30, 55, 68, 3, 74];
  const lab = Float32Array.from(lightness.flatMap((l) => [l, -5, -2]));
  const own = new Uint8Array(lightness.length).fill(1);

  it('takes the daylit rim of a cover for cover, not what stands darker before it', () => {
    const cover = coverOf(own, lab, new Uint8Array(own.length));
    // L* 55 and 68 are the rim in daylight; 3 is a black table’s leg; 74 is no longer lit cover.
    expect([...cover]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('never takes what is no cover', () => {
    const notCover = new Uint8Array(own.length);
    notCover[6] = 1;
    expect(coverOf(own, lab, notCover)[6]).toBe(0);
  });
});
