import { describe, expect, it } from 'vitest';
import { holePsnr } from '../../test/measure.ts';
import type { RawImage } from '../raw-image.ts';
import { membraneFill } from './membrane-fill.ts';
import { proxyHoles, roomFill, standInOpening } from './room-fill.ts';

const WIDTH = 320;
const HEIGHT = 240;
const SKIRTING = { top: 150, bottom: 156, colour: [70, 60, 55] };

/**
 * A room seen facing its wall: the wall lightens towards the ceiling, a dark skirting runs
 * across, and the floor warms with depth and carries faint boards (a 2-level ripple).
 */
function room(): RawImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour: number[];
      if (y < SKIRTING.top) colour = [220 - y * 0.2, 214 - y * 0.2, 200 - y * 0.25];
      else if (y < SKIRTING.bottom) colour = SKIRTING.colour;
      else colour = [150 + (y - 156) * 0.4, 110 + (y - 156) * 0.3, 80 + ((x >> 3) % 2) * 2];
      data.set(colour.map(Math.round), (y * WIDTH + x) * 3);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** A dark piece standing on the floor in front of the skirting. */
function withPiece(clean: RawImage) {
  const data = Buffer.from(clean.data);
  const hole = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 90; y < 200; y++) {
    for (let x = 130; x < 200; x++) {
      hole[y * WIDTH + x] = 1;
      data.set([35, 30, 28], (y * WIDTH + x) * 3);
    }
  }
  return { image: { ...clean, data }, hole };
}

describe('the room fill', () => {
  const clean = room();
  const { image, hole } = withPiece(clean);

  it('restores wall, skirting and floor where a piece stood, and touches nothing else', () => {
    const { image: filled, mix } = roomFill(image, hole);
    expect(holePsnr(filled, clean, hole)).toBeGreaterThan(22);
    // The skirting runs on through the hole: its middle row is skirting-dark at the centre.
    const centre = (153 * WIDTH + 165) * 3;
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(filled.data[centre + c]! - SKIRTING.colour[c]!)).toBeLessThan(12);
    }
    // Mixed on the stand-in holes beside the piece: colour runs along the rows here, along the
    // skirting's edge or along every row, and those fills carry most of the mix.
    const alongRows = mix
      .filter(({ fill }) => fill.kind === 'structure' || fill.anisotropy > 1)
      .reduce((sum, part) => sum + part.weight, 0);
    expect(alongRows).toBeGreaterThan(0.5);
    expect(mix.reduce((sum, part) => sum + part.weight, 0)).toBeCloseTo(1, 6);
    for (let p = 0; p < hole.length; p++) {
      if (hole[p]) continue;
      for (let c = 0; c < 3; c++) expect(filled.data[p * 3 + c]).toBe(image.data[p * 3 + c]);
    }
  });

  it('beats an even membrane, which bleeds the skirting up the wall and down the floor', () => {
    const even = membraneFill(image, hole, 1);
    const chosen = roomFill(image, hole).image;
    expect(holePsnr(chosen, clean, hole)).toBeGreaterThan(holePsnr(even, clean, hole) + 3);
  });

  it('keeps to the membranes when asked (the bench compares with the earlier fill)', () => {
    const { mix } = roomFill(image, hole, { families: ['membrane'] });
    expect(mix.every(({ fill }) => fill.kind === 'membrane')).toBe(true);
  });

  it('leaves an image without a hole as it was', () => {
    const none = new Uint8Array(WIDTH * HEIGHT);
    expect(Buffer.compare(roomFill(clean, none).image.data, clean.data)).toBe(0);
  });

  it('opens a stand-in with the near side of the hole only, so it is filled in a frame of its own size', () => {
    const [proxy] = proxyHoles(hole, WIDTH);
    const open = standInOpening(proxy!, hole, WIDTH);
    const row = 150 * WIDTH;
    // The stand-in lies one hole-width and a gap to the right (x 204..273): the hole's pixels
    // beside it are open, its far side (x 130) is not.
    expect(proxy![row + 204]).toBe(1);
    expect(open[row + 199]).toBe(1);
    expect(open[row + 130]).toBe(0);
  });

  it('mixes the two structure fills evenly where no stand-in fits (other pieces beside the hole)', () => {
    const edge = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 90; y < 200; y++) for (let x = 0; x < 70; x++) edge[y * WIDTH + x] = 1;
    const { image: filled, mix } = roomFill(clean, edge, {
      exclude: edge.map((_, p) => (p % WIDTH >= 70 ? 1 : 0)),
    });
    expect(mix.map(({ fill, weight }) => [fill.kind, weight])).toEqual([
      ['structure', 0.5],
      ['structure', 0.5],
    ]);
    expect(holePsnr(filled, clean, edge)).toBeGreaterThan(22);
  });
});
