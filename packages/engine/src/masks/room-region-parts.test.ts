import { describe, expect, it } from 'vitest';
import { ceilingRows } from './room-region-parts.ts';

const w = 40;
const h = 100;

/** Lab pixels: `top` above row `edge`, `below` under it. */
function photo(edge: number, top: number[], below: number[]) {
  const lab = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) lab.set(y < edge ? top : below, (y * w + x) * 3);
  }
  return lab;
}

describe('ceilingRows', () => {
  it('finds a beige ceiling above a green wall of the same lightness', () => {
    const { rows, confidence } = ceilingRows(photo(15, [72, 4, 22], [72, -14, 24]), w, h);
    expect(confidence).toBeGreaterThan(0.9);
    for (const row of rows) expect(Math.abs(row - 15)).toBeLessThanOrEqual(1);
  });

  it('takes no ceiling above a near-black stretch (dark panelling over a picture frame)', () => {
    const { rows, confidence } = ceilingRows(photo(15, [5, 2, 3], [90, 0, 2]), w, h);
    expect(confidence).toBe(0);
    expect([...rows].every((row) => row === 0)).toBe(true);
  });

  it('finds a white ceiling above a darker wall', () => {
    const { rows } = ceilingRows(photo(20, [92, 0, 2], [60, -20, 20]), w, h);
    for (const row of rows) expect(Math.abs(row - 20)).toBeLessThanOrEqual(1);
  });

  it('takes no ceiling over a wall that reaches the frame in another hue', () => {
    // A beige ceiling down to row 15 over 30 columns; on the left 10, a green wall in shade
    // reaches the frame's top, and its first jump is a cupboard's top at row 25.
    const lab = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const left = x < 10;
        const colour = left
          ? y < 25
            ? [45, -6, 21]
            : [75, 2, 10]
          : y < 15
            ? [58, 4, 28]
            : [46, -5, 28];
        lab.set(colour, (y * w + x) * 3);
      }
    }
    const { rows } = ceilingRows(lab, w, h);
    for (let x = 0; x < 8; x++) expect(rows[x]).toBe(0);
    for (let x = 12; x < w; x++) expect(Math.abs(rows[x]! - 15)).toBeLessThanOrEqual(1);
  });
});
