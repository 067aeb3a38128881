import { describe, expect, it } from 'vitest';
import { lineCover } from './text-cover.ts';

const area = { left: 0, top: 0, width: 200, height: 40 };
const full = () => new Uint8Array(area.width * area.height).fill(1);
const at = (m: Uint8Array, x: number, y: number) => m[y * area.width + x]!;

/** Letters 20 px tall (lineHeight) from row `top`, as strokes over every other 4 px column. */
function letters(top: (x: number) => number): Uint8Array {
  const strokes = new Uint8Array(area.width * area.height);
  for (let x = 0; x < area.width; x++) {
    if (x % 8 >= 4) continue;
    for (let y = top(x); y < top(x) + 20; y++) strokes[y * area.width + x] = 255;
  }
  return strokes;
}

describe('lineCover', () => {
  it('stops a little above and below the letters, not at the detector outline', () => {
    const cover = lineCover(
      full(),
      letters(() => 10),
      area,
      20,
    );
    // pad: 8 % of the line's height, 2 px.
    expect(at(cover, 50, 8)).toBe(255);
    expect(at(cover, 50, 31)).toBe(255);
    expect(at(cover, 50, 4)).toBe(0);
    expect(at(cover, 50, 36)).toBe(0);
  });

  it('follows a sloping line stretch by stretch', () => {
    const cover = lineCover(
      full(),
      letters((x) => Math.floor(x / 10)),
      area,
      20,
    );
    expect(at(cover, 10, 0)).toBe(255);
    expect(at(cover, 10, 30)).toBe(0);
    expect(at(cover, 190, 2)).toBe(0);
    expect(at(cover, 190, 38)).toBe(255);
  });

  it('keeps the whole region where no letters were told apart', () => {
    const cover = lineCover(full(), new Uint8Array(area.width * area.height), area, 20);
    expect(cover.every((v) => v === 255)).toBe(true);
  });
});
