import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { snapToOutline } from './snap-to-outline.ts';

const W = 80;
const H = 60;

/** A grey wall; an object from x 20 to 59 (light), its left arm x 20–27 a little lighter. */
function scene(): RawImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inObject = x >= 20 && x < 60 && y >= 15 && y < 45;
      const v = !inObject ? 225 : x < 28 ? 160 : 150;
      data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { width: W, height: H, data };
}

const rect = { left: 16, top: 11, width: 48, height: 38 };

function maskOf(from: number, to: number, top = 15, bottom = 45) {
  const hard = new Uint8Array(W * H);
  for (let y = top; y < bottom; y++) for (let x = from; x < to; x++) hard[y * W + x] = 255;
  return hard;
}

/** Pixels where two masks differ: the object's four corners touch both floods at once. */
const differing = (a: Uint8Array, b: Uint8Array) => a.filter((v, p) => v !== b[p]).length;

describe('snapToOutline', () => {
  it("takes in the object's arm beyond a faint seam, up to its outline", () => {
    const hard = maskOf(28, 60);
    expect(differing(hard, maskOf(20, 60))).toBe(8 * 30);
    snapToOutline(scene(), hard, rect, 6);
    expect(differing(hard, maskOf(20, 60))).toBeLessThanOrEqual(4);
  });

  it('gives back wall a loose mask took, and keeps what lies deep inside', () => {
    const hard = maskOf(20, 64, 12, 48);
    snapToOutline(scene(), hard, rect, 6);
    expect(differing(hard, maskOf(20, 60))).toBeLessThanOrEqual(4);
  });

  it('changes nothing beyond twice the band outside, nor deeper than the band inside', () => {
    const hard = maskOf(40, 60);
    snapToOutline(scene(), hard, rect, 4);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        // Beyond 8 px of the mask (the arm and most of the object's left half): not taken.
        if (x < 32) expect(hard[y * W + x]).toBe(0);
        // 4 px or more inside it: kept.
        if (x >= 44 && x < 56 && y >= 19 && y < 41) expect(hard[y * W + x]).toBe(255);
      }
  });

  it('leaves a mask thinner than the band as it is', () => {
    const hard = maskOf(30, 34);
    snapToOutline(scene(), hard, rect, 6);
    expect(hard).toEqual(maskOf(30, 34));
  });

  it("gives back the wall in a sofa's shadow above and beside it, deeper than the band", () => {
    // The wall darkens smoothly towards the object: as grey as it where they meet.
    const image = scene();
    for (let y = 0; y < 45; y++)
      for (let x = 0; x < W; x++) {
        if (x >= 20 && x < 60 && y >= 15) continue;
        const near = Math.max(
          0,
          1 - Math.hypot(Math.max(0, 20 - x, x - 59), Math.max(0, 15 - y)) / 14,
        );
        image.data.fill(Math.round(225 - 60 * near), (y * W + x) * 3, (y * W + x) * 3 + 3);
      }
    // The colour models took a strip of that wall 10 px wide beside it and 7 px above.
    const loose = () => {
      const hard = maskOf(20, 60);
      for (let y = 15; y < 35; y++) for (let x = 60; x < 70; x++) hard[y * W + x] = 255;
      for (let y = 8; y < 15; y++) for (let x = 30; x < 50; x++) hard[y * W + x] = 255;
      return hard;
    };
    const wide = { left: 16, top: 4, width: 58, height: 45 };
    const plain = loose();
    snapToOutline(image, plain, wide, 2);
    expect(differing(plain, maskOf(20, 60))).toBeGreaterThan(100);
    const againstWall = loose();
    snapToOutline(image, againstWall, wide, 2, { band: 8, sideBand: 12, bottom: 35 });
    expect(differing(againstWall, maskOf(20, 60))).toBeLessThanOrEqual(8);
  });
});
