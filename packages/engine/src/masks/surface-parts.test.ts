import { describe, expect, it } from 'vitest';
import { fillHoles, grow, smoothParts } from './surface-parts.ts';

const W = 40;
const H = 30;

/** A Lab grid whose lightness is `l(x, y)`, neutral. */
function labOf(l: (x: number, y: number) => number): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) lab[(y * W + x) * 3] = l(x, y);
  return lab;
}

const count = (mask: Uint8Array) => mask.reduce((s, v) => s + v, 0);
const at = (mask: Uint8Array, x: number, y: number) => mask[y * W + x];

describe('surface parts', () => {
  it('keeps a wall whose shading falls off smoothly as one part', () => {
    const lab = labOf((x) => 60 + x * 0.5);
    const all = new Uint8Array(W * H).fill(1);
    expect(count(smoothParts(all, lab, W, H))).toBe(W * H);
  });

  it('lets go of a part beyond an outline when it is another colour', () => {
    // A curtain-grey strip on the left, a sharp edge, then the white wall.
    const lab = labOf((x) => (x < 8 ? 55 : 85));
    const all = new Uint8Array(W * H).fill(1);
    const wall = smoothParts(all, lab, W, H);
    expect(at(wall, 20, 10)).toBe(1);
    expect(at(wall, 3, 10)).toBe(0);
  });

  it('takes the same paint in sun and shade through the parts between them', () => {
    // Three strips of one wall with edges between them: sunlit (largest), half-shade 9 darker,
    // shade 9 darker again. The shade is 18 from the sunlit strip, 9 from the half-shade.
    const lab = labOf((x) => (x < 8 ? 52 : x < 16 ? 61 : 70));
    const all = new Uint8Array(W * H).fill(1);
    const wall = smoothParts(all, lab, W, H);
    expect(at(wall, 30, 10)).toBe(1);
    expect(at(wall, 12, 10)).toBe(1);
    expect(at(wall, 3, 10)).toBe(1);
    // With no part in between, the far shade is another surface.
    const apart = smoothParts(
      all,
      labOf((x) => (x < 8 ? 52 : 70)),
      W,
      H,
    );
    expect(at(apart, 3, 10)).toBe(0);
  });

  it('lets go of a part that does not reach down the wall (boards above a cornice)', () => {
    const lab = labOf((_, y) => (y < 6 ? 70 : 85));
    const all = new Uint8Array(W * H).fill(1);
    const wall = smoothParts(all, lab, W, H, 12);
    expect(at(wall, 10, 2)).toBe(0);
    expect(at(wall, 10, 20)).toBe(1);
  });

  it('fills a socket inside the wall but not a gap open to the frame', () => {
    const mask = new Uint8Array(W * H).fill(1);
    for (let y = 10; y < 13; y++) for (let x = 10; x < 13; x++) mask[y * W + x] = 0;
    for (let y = 0; y < 4; y++) for (let x = 30; x < 34; x++) mask[y * W + x] = 0;
    const filled = fillHoles(mask, new Uint8Array(W * H), W, H, 50);
    expect(at(filled, 11, 11)).toBe(1);
    expect(at(filled, 31, 0)).toBe(0);
  });

  it('does not fill a hole that is a kept thing (a picture)', () => {
    const mask = new Uint8Array(W * H).fill(1);
    const kept = new Uint8Array(W * H);
    for (let y = 10; y < 13; y++) {
      for (let x = 10; x < 13; x++) {
        mask[y * W + x] = 0;
        kept[y * W + x] = 1;
      }
    }
    expect(at(fillHoles(mask, kept, W, H, 50), 11, 11)).toBe(0);
  });

  it('grows through shading, stops at an outline and after its reach', () => {
    const lab = labOf((x) => (x < 25 ? 80 - x * 0.4 : 40));
    const seed = new Uint8Array(W * H);
    seed[15 * W] = 1;
    const into = new Uint8Array(W * H).fill(1);
    const grown = grow(seed, into, lab, W, H);
    expect(at(grown, 24, 15)).toBe(1);
    expect(at(grown, 26, 15)).toBe(0);
    expect(at(grow(seed, into, lab, W, H, 5), 10, 15)).toBe(0);
  });
});
