import { describe, expect, it } from 'vitest';
import type { Mask } from '../masks/mask.ts';
import type { RawImage } from '../raw-image.ts';
import { wallBesidePieces } from './wall-beside-pieces.ts';

const W = 400;
const H = 300;
/** The floor line, a share of the height: the floor starts at row 240. */
const FLOOR = 0.8;

/** A wall lightening a little to the right, a dark lamp shade, a grey ball, a floor below. */
function room() {
  const data = Buffer.alloc(W * H * 3);
  const shade = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      let v = [200 + x / 40, 196 + x / 40, 190];
      if (y >= 240) v = [200, 190, 170];
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

describe('the wall carried on beside a piece', () => {
  const { image, shade } = room();
  // The grid's wall stopped 10 px short of the shade all round (40 px at 1,600 px), and 30 px
  // short of the floor.
  const halo = (x: number, y: number) => x >= 90 && x < 170 && y >= 70 && y < 130;
  const wall = mask((x, y) => y < 210 && !halo(x, y));
  const piece = { mask: { width: W, height: H, data: shade } };

  it('paints the halo left around the piece, up to its outline and not into it', () => {
    const grown = wallBesidePieces(image, wall, {
      pieces: [piece],
      keep: new Uint8Array(W * H),
      floorLine: FLOOR,
    });
    const inHalo: Array<[number, number]> = [
      [91, 100],
      [98, 100],
      [130, 71],
      [130, 78],
      [168, 128],
    ];
    for (const [x, y] of inHalo) {
      expect(grown.data[y * W + x]).toBe(255);
    }
    expect(grown.data[100 * W + 130]).toBe(0);
    // What was wall stays wall.
    for (let p = 0; p < wall.data.length; p++) if (wall.data[p]) expect(grown.data[p]).toBe(255);
  });

  it('paints nothing far from a piece, nor a kept part, nor below the floor line', () => {
    // Far from the shade: the band above the floor the grid left (rows 210–239) stays as it
    // was beyond the piece's reach.
    const grown = wallBesidePieces(image, wall, {
      pieces: [piece],
      keep: new Uint8Array(W * H),
      floorLine: FLOOR,
    });
    expect(grown.data[230 * W + 350]).toBe(0);
    expect(grown.data[250 * W + 130]).toBe(0);
    // A picture (kept) in the halo keeps it unpainted.
    const keep = mask((x, y) => x >= 88 && x < 96 && y >= 70 && y < 130).data;
    const kept = wallBesidePieces(image, wall, { pieces: [piece], keep, floorLine: FLOOR });
    expect(kept.data[100 * W + 92]).toBe(0);
    // No pieces: nothing changes.
    expect(wallBesidePieces(image, wall, { pieces: [], keep, floorLine: FLOOR })).toBe(wall);
  });
});
