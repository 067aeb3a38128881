import { describe, expect, it } from 'vitest';
import { holePsnr } from '../../test/measure.ts';
import type { RawImage } from '../raw-image.ts';
import { membraneFill } from './membrane-fill.ts';
import { shiftFill, sourceShift } from './shift-fill.ts';

const W = 240;
const H = 120;
/** The row where a sofa's pleated skirt (above) meets a dark table top (below). */
const EDGE = 70;

/** Pleats (a 6 px period) lightening to the right, over a dark table with a sharp edge. */
function skirtOverTable(): RawImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = y < EDGE ? 120 + (x % 6 < 3 ? 30 : 0) + x / 3 : 40 + (y % 4);
      data.set([v, v, v + 8], (y * W + x) * 3);
    }
  }
  return { width: W, height: H, data };
}

function rect(x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const hole = new Uint8Array(W * H);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hole[y * W + x] = 1;
  return hole;
}

describe('the fill copied from beside the hole', () => {
  const clean = skirtOverTable();
  // A vase standing on the table before the skirt: the hole crosses the table's edge.
  const hole = rect(110, 40, 130, 95);

  it('carries the pleats and the table edge through, where a smooth fill blurs them', () => {
    const copied = shiftFill(clean, hole)!;
    expect(copied).not.toBeNull();
    const smooth = membraneFill(clean, hole, 1);
    expect(holePsnr(copied, clean, hole)).toBeGreaterThan(35);
    expect(holePsnr(smooth, clean, hole)).toBeLessThan(25);
    // In phase: the copy's pleats stand where the photo's would (a shift of whole periods).
    expect(Math.abs(sourceShift(clean, hole)!) % 6).toBe(0);
    // Only the hole changed.
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) expect(copied.data[p * 3]).toBe(clean.data[p * 3]);
    }
  });

  it('brings a stretch a shade lighter to the hole’s own light (no seam)', () => {
    // The source to either side differs by the lightening to the right (x / 3); the copy
    // is corrected to the hole's surroundings, so its edge columns match their neighbours.
    const copied = shiftFill(clean, hole)!;
    for (const y of [20, 50, 90]) {
      const inside = copied.data[(y * W + 110) * 3]!;
      const outside = copied.data[(y * W + 104) * 3]!;
      expect(Math.abs(inside - outside)).toBeLessThan(4);
    }
  });

  it('leaves no smear where something thin met the piece (a branch leaving a vase)', () => {
    // A dark branch runs down to the hole's top edge, over the skirt.
    const branched = Buffer.from(clean.data);
    for (let y = 0; y < 40; y++) branched.set([30, 30, 30], (y * W + 120) * 3);
    const copied = shiftFill({ ...clean, data: branched }, hole)!;
    // Just inside the hole below the branch, the skirt as it is, not darkened by the branch.
    for (const y of [41, 44, 50]) {
      for (const x of [118, 120, 122]) {
        const p = (y * W + x) * 3;
        expect(Math.abs(copied.data[p]! - clean.data[p]!)).toBeLessThan(8);
      }
    }
  });

  it('takes nothing from what it must avoid, nor from a stretch holding something else', () => {
    // Other pieces on both sides, ten pixels off: no source.
    const avoid = new Uint8Array(W * H);
    for (let p = 0; p < avoid.length; p++) if (p % W < 100 || p % W >= 140) avoid[p] = 1;
    expect(shiftFill(clean, hole, { avoid })).toBeNull();
    // A narrow band of wall between red: every stretch beside the hole is mostly red.
    const red = Buffer.from(clean.data);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) if (x < 100 || x >= 140) red.set([200, 30, 30], (y * W + x) * 3);
    }
    expect(shiftFill({ ...clean, data: red }, hole)).toBeNull();
  });
});
