import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { vaseStems } from './vase-stems.ts';

const W = 200;
const H = 200;

/**
 * A light cushion (luma 200) woven with grey stripes (every 6th row, 150), a vase block
 * (x 90–110, y 150–190) whose outline is returned as `hard`.
 */
function scene() {
  const data = Buffer.alloc(W * H * 3, 200);
  for (let y = 0; y < H; y += 6)
    for (let x = 0; x < W; x++) data.fill(150, (y * W + x) * 3, (y * W + x) * 3 + 3);
  const hard = new Uint8Array(W * H);
  for (let y = 150; y < 190; y++)
    for (let x = 90; x < 110; x++) {
      hard[y * W + x] = 1;
      data.fill(230, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  const image: RawImage = { width: W, height: H, data };
  return { image, hard };
}

/** A dark line 2 px wide from (x0, y0) to (x1, y1); its pixels. */
function line(image: RawImage, x0: number, y0: number, x1: number, y1: number, luma = 30) {
  const drawn = new Set<number>();
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / steps);
    const y = Math.round(y0 + ((y1 - y0) * i) / steps);
    for (const p of [y * W + x, y * W + x + 1]) {
      image.data.fill(luma, p * 3, p * 3 + 3);
      drawn.add(p);
    }
  }
  return drawn;
}

describe('the stems standing in a vase', () => {
  it('takes the branches leaving its mouth, across the stripes, and not a twig lying apart', () => {
    const { image, hard } = scene();
    const branches = new Set([
      ...line(image, 100, 149, 100, 80),
      ...line(image, 100, 120, 70, 70),
      ...line(image, 100, 110, 135, 75),
    ]);
    const apart = line(image, 20, 60, 40, 20);
    const stems = vaseStems(image, hard)!;
    expect(stems).not.toBeNull();
    let found = 0;
    for (const p of branches) found += stems[p]!;
    expect(found / branches.size).toBeGreaterThan(0.95);
    for (const p of apart) expect(stems[p]).toBe(0);
    // The grey stripes it crosses are the cushion's, not stems.
    let stripes = 0;
    for (let p = 0; p < stems.length; p++) if (stems[p] && !branches.has(p)) stripes++;
    expect(stripes).toBeLessThan(0.05 * branches.size);
    // Nothing of the vase itself.
    for (let p = 0; p < stems.length; p++) if (hard[p]) expect(stems[p]).toBe(0);
  });

  it('finds none when nothing dark leaves the mouth', () => {
    const { image, hard } = scene();
    line(image, 20, 60, 40, 20);
    expect(vaseStems(image, hard)).toBeNull();
  });

  it('finds none when the dark things at its mouth spread like a pattern, not stems', () => {
    const { image, hard } = scene();
    // A dark checked throw behind the vase, from its mouth up to the top.
    for (let y = 0; y < 150; y++)
      for (let x = 40; x < 160; x++)
        if ((x >> 1) % 2 === (y >> 1) % 2)
          image.data.fill(25, (y * W + x) * 3, (y * W + x) * 3 + 3);
    expect(vaseStems(image, hard)).toBeNull();
  });
});
