import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../colour.ts';
import type { TextPart } from '../masks/text.ts';
import type { RawImage } from '../raw-image.ts';
import { letterColouredSurfaces } from './letter-coloured-surfaces.ts';

const CREAM = [235, 225, 170];
const BLUE = [30, 50, 90];
const lab = (rgb: number[]) => {
  const out = [0, 0, 0];
  rgbToLab(rgb[0]!, rgb[1]!, rgb[2]!, out);
  return out;
};

/**
 * A 40×30 context: a blue sign over the top 20 rows on a cream wall, one cream letter (a bar)
 * in the sign, and a hole over the letter that runs 3 rows past the sign's bottom edge.
 */
function signOnWall() {
  const width = 40;
  const height = 30;
  const data = Buffer.alloc(width * height * 3);
  const hole = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const letter = y >= 12 && y < 17 && x >= 10 && x < 30;
      data.set(y < 20 && !letter ? BLUE : CREAM, p * 3);
      if (y >= 10 && y < 23 && x >= 8 && x < 32) hole[p] = 1;
    }
  }
  const image: RawImage = { width, height, data };
  const part = {
    area: { left: 100 + 8, top: 200 + 10, width: 24, height: 13 },
    glyphs: {
      inkLab: lab(CREAM),
      paperLab: lab(BLUE),
      contrast: 70,
      marks: new Uint8Array(24 * 13),
    },
  } as unknown as TextPart;
  return { image, hole, part, rect: { left: 100, top: 200, width, height } };
}

describe('surfaces of the letters’ colour around a sign', () => {
  it('keeps the wall beyond the sign out of the fill and in place, and the letter in the hole', () => {
    const { image, hole, part, rect } = signOnWall();
    const found = letterColouredSurfaces(image, hole, [part], rect, 1000, 1000, 2);
    const at = (plane: Uint8Array, x: number, y: number) => plane[y * 40 + x];
    // The wall outside the hole is no source; the wall's rows inside the hole stay.
    expect(at(found.notSource, 20, 25)).toBe(1);
    expect(at(found.stays, 20, 21)).toBe(1);
    expect(at(found.stays, 20, 22)).toBe(1);
    // The letter, an island in the sign, is filled; the sign around it is a source.
    expect(at(found.stays, 20, 14)).toBe(0);
    expect(at(found.notSource, 20, 5)).toBe(0);
  });

  it('carries the wall on through the hole over its own colour, up to the sign’s edge', () => {
    const { image, hole, part, rect } = signOnWall();
    const at = (plane: Uint8Array, x: number, y: number) => plane[y * 40 + x];
    // With a halo of 1, only the hole's last row of wall stayed; the two above it were filled
    // with the sign's blue, a bump below the sign's straight edge.
    const halo = letterColouredSurfaces(image, hole, [part], rect, 1000, 1000, 1);
    expect(at(halo.stays, 20, 20)).toBe(0);
    const found = letterColouredSurfaces(image, hole, [part], rect, 1000, 1000, 1, 4);
    for (const y of [20, 21, 22]) expect(at(found.stays, 20, y)).toBe(1);
    // The sign's blue in the hole and the letter beyond it are filled.
    expect(at(found.stays, 20, 19)).toBe(0);
    expect(at(found.stays, 20, 16)).toBe(0);
  });

  it('takes a thin border of the letters’ colour for an edge to continue, not a surface', () => {
    const { image, hole, part, rect } = signOnWall();
    // The wall below becomes sign; a cream rule 2 px wide runs from the hole to the edge.
    for (let y = 20; y < 30; y++) {
      for (let x = 0; x < 40; x++)
        image.data.set(x === 20 || x === 21 ? CREAM : BLUE, (y * 40 + x) * 3);
    }
    const found = letterColouredSurfaces(image, hole, [part], rect, 1000, 1000, 2);
    expect(found.notSource.every((v) => v === 0)).toBe(true);
    expect(found.stays.every((v) => v === 0)).toBe(true);
  });

  it('counts no surface at the picture’s own edge: letters may run off it', () => {
    const { image, hole, part } = signOnWall();
    // The context's sides and bottom are the picture's: the cream below is not known to run on.
    const rect = { left: 0, top: 200, width: 40, height: 30 };
    const found = letterColouredSurfaces(image, hole, [part], rect, 40, 230, 2);
    expect(found.notSource.every((v) => v === 0)).toBe(true);
    expect(found.stays.every((v) => v === 0)).toBe(true);
  });
});
