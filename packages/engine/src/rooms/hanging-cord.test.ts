import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { hangingCord } from './hanging-cord.ts';

const W = 120;
const H = 160;

/** A plain wall (lightness 200) with a dark shade (rows 80–109, columns 45–74). */
function wallWithShade() {
  const image: RawImage = { width: W, height: H, data: Buffer.alloc(W * H * 3, 200) };
  const shade = new Uint8Array(W * H);
  for (let y = 80; y < 110; y++) {
    for (let x = 45; x < 75; x++) {
      shade[y * W + x] = 1;
      image.data.set([70, 70, 70], (y * W + x) * 3);
    }
  }
  const paint = (x: number, y: number, v: number) => image.data.set([v, v, v], (y * W + x) * 3);
  return { image, shade, paint };
}

const rowsOf = (cord: Uint8Array, x: number) => {
  const rows: number[] = [];
  for (let y = 0; y < H; y++) if (cord[y * W + x]) rows.push(y);
  return rows;
};

describe('the cord a piece hangs from', () => {
  it('follows a thin line up from the middle of its top, and leaves the fitting', () => {
    const { image, shade, paint } = wallWithShade();
    // A ceiling fitting (rows 10–14, wide) and a cord from it to the shade, one step aside.
    for (let y = 10; y < 15; y++) for (let x = 52; x < 68; x++) paint(x, y, 30);
    for (let y = 15; y < 80; y++) paint(y < 50 ? 59 : 60, y, 90);
    const cord = hangingCord(image, shade);
    expect(cord).not.toBeNull();
    const rows = rowsOf(cord!, 60);
    expect(Math.max(...rows)).toBe(79);
    expect(Math.min(...rowsOf(cord!, 59))).toBeLessThan(25);
    // The fitting is not taken, and neither is wall away from the line.
    for (let x = 52; x < 68; x++) expect(cord![12 * W + x]).toBe(0);
    for (let y = 0; y < H; y++) expect(cord![y * W + 20]).toBe(0);
  });

  it('is none when nothing hangs it: plain wall above, or an edge between two surfaces', () => {
    const { image, shade, paint } = wallWithShade();
    expect(hangingCord(image, shade)).toBeNull();
    // The wall darker left of column 60 than right of it: a step, not a line.
    for (let y = 0; y < 80; y++) for (let x = 0; x < 60; x++) paint(x, y, 150);
    expect(hangingCord(image, shade)).toBeNull();
  });

  it('is none for a line too short to be a cord (a mark on the wall)', () => {
    const { image, shade, paint } = wallWithShade();
    for (let y = 76; y < 80; y++) paint(60, y, 90);
    expect(hangingCord(image, shade)).toBeNull();
  });
});
