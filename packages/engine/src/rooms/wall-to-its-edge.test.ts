import { describe, expect, it } from 'vitest';
import type { Mask } from '../masks/mask.ts';
import type { RawImage } from '../raw-image.ts';
import { hasColour, wallToItsEdge } from './wall-to-its-edge.ts';

const W = 400;
const H = 300;
/** The floor line, a share of the height: the floor starts at row 240. */
const FLOOR = 0.8;

const ring = (x: number, y: number) =>
  x >= 260 && x < 320 && y >= 60 && y < 120 && !(x >= 262 && x < 318 && y >= 62 && y < 118);

/**
 * A wall lightening a little to the right (`tint` its colour), a curtain of the wall's colour
 * on the left, a dark lamp shade, a thin dark frame enclosing a patch of the wall's colour (a
 * mirror's frame, a board before the wall), a floor below.
 */
function room(tint: readonly number[], floor: readonly number[]) {
  const data = Buffer.alloc(W * H * 3);
  const shade = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      let v = tint.map((c) => c + x / 40);
      if (y >= 240) v = [...floor];
      if (ring(x, y)) v = [20, 20, 20];
      // A curtain's weave: the wall's colour, a few levels lighter and darker pixel by pixel.
      if (x < 40 && y < 240) v = v.map((c) => c + ((x + y) % 2 ? 6 : -6));
      if (x >= 100 && x < 160 && y >= 80 && y < 120) {
        v = [30, 30, 30];
        shade[p] = 255;
      }
      data.set(v.map(Math.round), p * 3);
    }
  }
  const image: RawImage = { width: W, height: H, data };
  return { image, shade };
}

const mask = (inside: (x: number, y: number) => boolean): Mask => {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside(x, y)) data[y * W + x] = 255;
  return { width: W, height: H, data };
};

const GREY = [
  [200, 196, 190],
  [120, 120, 120],
] as const;
const BEIGE = [
  [205, 170, 130],
  [120, 90, 60],
] as const;

// The grid's wall stopped 10 px short of the shade all round (40 px at 1,600 px), 10 px short
// of the frame and of the curtain, and 20 px short of the floor.
const halo = (x: number, y: number) => x >= 90 && x < 170 && y >= 70 && y < 130;
const aroundFrame = (x: number, y: number) => x >= 250 && x < 330 && y >= 50 && y < 130;
const wall = mask((x, y) => x >= 50 && y < 220 && !halo(x, y) && !aroundFrame(x, y));
const noKeep = new Uint8Array(W * H);
const at = (x: number, y: number) => y * W + x;

describe('whether a photo has colour', () => {
  it('tells a beige wall from a grey one', () => {
    expect(hasColour(room(...BEIGE).image)).toBe(true);
    expect(hasColour(room(...GREY).image)).toBe(false);
  });
});

describe('the wall carried on to its edge', () => {
  it('paints the halo left around a piece, up to its outline and not into it', () => {
    for (const [wallTint, floorTint] of [GREY, BEIGE]) {
      const { image, shade } = room(wallTint, floorTint);
      const piece = { mask: { width: W, height: H, data: shade } };
      const grown = wallToItsEdge(image, wall, {
        pieces: [piece],
        keep: noKeep,
        floorLine: FLOOR,
      });
      for (const [x, y] of [
        [91, 100],
        [98, 100],
        [130, 71],
        [130, 78],
        [168, 128],
      ] as const) {
        expect(grown.data[at(x, y)]).toBe(255);
      }
      expect(grown.data[at(130, 100)]).toBe(0);
      // What was wall stays wall.
      for (let p = 0; p < wall.data.length; p++) if (wall.data[p]) expect(grown.data[p]).toBe(255);
    }
  });

  it('in a colour photo, paints the band the grid left above the floor, far from any piece', () => {
    const { image } = room(...BEIGE);
    const grown = wallToItsEdge(image, wall, { pieces: [], keep: noKeep, floorLine: FLOOR });
    expect(grown.data[at(350, 230)]).toBe(255);
    expect(grown.data[at(60, 236)]).toBe(255);
    // The gap before the frame is wall; the frame is not, nor what it encloses though it has
    // the wall's colour: the paint does not jump the frame's thin line.
    expect(grown.data[at(255, 90)]).toBe(255);
    expect(grown.data[at(261, 90)]).toBe(0);
    expect(grown.data[at(263, 90)]).toBe(0);
    expect(grown.data[at(290, 90)]).toBe(0);
    // The gap before the curtain is wall; the curtain is not, though it has the wall's colour.
    expect(grown.data[at(45, 150)]).toBe(255);
    expect(grown.data[at(38, 150)]).toBe(0);
    expect(grown.data[at(20, 150)]).toBe(0);
    // Nor below the floor line, nor into a kept part.
    expect(grown.data[at(350, 250)]).toBe(0);
    const keep = mask((x, y) => x >= 340 && x < 360 && y >= 220 && y < 240).data;
    const kept = wallToItsEdge(image, wall, { pieces: [], keep, floorLine: FLOOR });
    expect(kept.data[at(350, 230)]).toBe(0);
    expect(kept.data[at(330, 230)]).toBe(255);
  });

  it('in a photo without colour, paints only beside pieces', () => {
    const { image, shade } = room(...GREY);
    const piece = { mask: { width: W, height: H, data: shade } };
    const grown = wallToItsEdge(image, wall, {
      pieces: [piece],
      keep: noKeep,
      floorLine: FLOOR,
    });
    expect(grown.data[at(350, 230)]).toBe(0);
    expect(grown.data[at(255, 90)]).toBe(0);
    expect(grown.data[at(45, 150)]).toBe(0);
    // No pieces: nothing changes.
    expect(wallToItsEdge(image, wall, { pieces: [], keep: noKeep, floorLine: FLOOR })).toBe(wall);
  });
});
