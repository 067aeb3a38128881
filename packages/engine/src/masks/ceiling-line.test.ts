import { describe, expect, it } from 'vitest';
import { cutAtCeilingLine } from './ceiling-line.ts';

describe('the wall cut at the wall–ceiling line', () => {
  const width = 800;
  const height = 400;
  /** The line slopes a little, as a ceiling seen slightly from below does. */
  const line = (x: number) => Math.round(60 + x * 0.02);
  const image = {
    width,
    height,
    data: Buffer.alloc(width * height * 3),
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // A pale ceiling over a wall only a few ΔE darker.
      image.data.fill(y < line(x) ? 236 : 226, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  // The coarse ceiling ends in steps of a grid cell around the line; right of x 700 a cupboard
  // reaches the frame and no ceiling is found.
  const ceiling = { width, height, data: new Uint8Array(width * height) };
  for (let x = 0; x < 700; x++) {
    const end = line(x) + ((Math.floor(x / 8) % 3) - 1) * 5;
    for (let y = 0; y < end; y++) ceiling.data[y * width + x] = 255;
  }
  // The wall as the full-size edge decision leaves it: bumps up to 20 px into the ceiling.
  const wall = { width, height, data: new Uint8Array(width * height) };
  for (let x = 0; x < width; x++) {
    const top = x < 700 ? line(x) - (Math.floor(x / 40) % 2) * 20 : 0;
    for (let y = top; y < height; y++) wall.data[y * width + x] = 255;
  }

  it('leaves no wall above the line and all of it below', () => {
    const cut = cutAtCeilingLine(image, wall, ceiling);
    let above = 0;
    let lost = 0;
    for (let x = 0; x < 700; x++) {
      for (let y = 0; y < height; y++) {
        const on = cut.data[y * width + x]! >= 128;
        if (y < line(x) - 1 && on) above++;
        if (y > line(x) + 1 && !on) lost++;
      }
    }
    expect(above).toBe(0);
    expect(lost).toBe(0);
  });

  it('leaves columns without a ceiling above them as they were', () => {
    const cut = cutAtCeilingLine(image, wall, ceiling);
    for (let x = 700; x < width; x += 7) {
      for (let y = 0; y < height; y += 5) {
        expect(cut.data[y * width + x]).toBe(wall.data[y * width + x]);
      }
    }
  });

  it('keeps the wall where the edge near the ceiling wavers (light on a wall, no line)', () => {
    const wavy = { width, height, data: Buffer.alloc(width * height * 3) };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const edge = line(x) + Math.round(6 * Math.sin(x / 6));
        wavy.data.fill(y < edge ? 236 : 226, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const cut = cutAtCeilingLine(wavy, wall, ceiling);
    expect(Buffer.compare(Buffer.from(cut.data), Buffer.from(wall.data))).toBe(0);
  });

  it('keeps the wall where no line shows near the coarse ceiling (a faint or blurred one)', () => {
    const flat = { width, height, data: Buffer.alloc(width * height * 3, 230) };
    const cut = cutAtCeilingLine(flat, wall, ceiling);
    expect(Buffer.compare(Buffer.from(cut.data), Buffer.from(wall.data))).toBe(0);
  });
});
