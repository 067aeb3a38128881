import { describe, expect, it } from 'vitest';
import { keepSmoothParts, refineSurfaceEdge } from './surface-edge.ts';

describe('a wall mask found on a coarse grid, its edge decided at full size', () => {
  it('reaches a dark picture on a shaded wall and stops at its frame', () => {
    const width = 1200;
    const height = 900;
    const data = Buffer.alloc(width * height * 3);
    const inPicture = (x: number, y: number) => x >= 450 && x < 750 && y >= 300 && y < 600;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // A wall shaded from left to right; a dark picture in the middle.
        const v = inPicture(x, y) ? 40 : 150 + Math.round(x / 24);
        data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    // The grid's cells are 3 px at this size: the coarse mask stops 3 to 8 px short of the
    // picture, in steps of a cell.
    const mask = new Uint8Array(width * height).fill(255);
    for (let y = 280; y < 620; y++) {
      for (let x = 430; x < 770; x++) {
        const step = Math.floor(x / 3) % 2 === 0 ? 8 : 3;
        if (x >= 450 - step && x < 750 + step && y >= 300 - step && y < 600 + step) {
          mask[y * width + x] = 0;
        }
      }
    }
    const refined = refineSurfaceEdge({ width, height, data }, { width, height, data: mask });
    let wallMissed = 0;
    let pictureTaken = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const on = refined.data[y * width + x]! >= 128;
        if (inPicture(x, y) && on) pictureTaken++;
        if (!inPicture(x, y) && !on) wallMissed++;
      }
    }
    expect(pictureTaken).toBe(0);
    expect(wallMissed).toBe(0);
  });

  it('lets go of a smooth armchair the mask took in, as an edge parts it from the wall', () => {
    const width = 300;
    const height = 200;
    const data = Buffer.alloc(width * height * 3);
    const inChair = (x: number, y: number) => x >= 20 && x < 90 && y >= 110 && y < 190;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // The wall is shaded top to bottom in small steps; the chair is a plain, darker grey.
        const v = inChair(x, y) ? 150 : 190 - Math.round(y / 10);
        data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const mask = { width, height, data: new Uint8Array(width * height).fill(255) };
    const kept = keepSmoothParts({ width, height, data }, mask);
    let chair = 0;
    let wall = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const on = kept.data[y * width + x]! >= 128;
        if (inChair(x, y) && on) chair++;
        if (!inChair(x, y) && on) wall++;
      }
    }
    expect(chair).toBe(0);
    expect(wall).toBe(width * height - 70 * 80);
  });

  it("keeps the wall seen between a floor lamp's dark legs, not a pale chair behind a rim", () => {
    const width = 400;
    const height = 300;
    const data = Buffer.alloc(width * height * 3);
    // Two black legs joined at the top shut a piece of wall off from the rest.
    const leg = (x: number, y: number) =>
      y >= 100 &&
      ((x >= 180 && x < 184) || (x >= 236 && x < 240) || (y < 104 && x >= 180 && x < 240));
    // A chair as pale as the wall, parted from it by a mid-grey rim (not a dark thing).
    const rim = (x: number, y: number) => x >= 40 && x < 120 && y >= 150 && y < 250;
    const chair = (x: number, y: number) => x >= 44 && x < 116 && y >= 154 && y < 246;
    const behind = (x: number, y: number) => x >= 184 && x < 236 && y >= 104;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = leg(x, y) ? 20 : chair(x, y) ? 204 : rim(x, y) ? 160 : 210;
        data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const mask = { width, height, data: new Uint8Array(width * height) };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if (!leg(x, y) && !rim(x, y)) mask.data[y * width + x] = 255;
    }
    const kept = keepSmoothParts({ width, height, data }, mask);
    let wallBehind = 0;
    let chairTaken = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const on = kept.data[y * width + x]! >= 128;
        if (behind(x, y) && on) wallBehind++;
        if (chair(x, y) && on) chairTaken++;
      }
    }
    expect(wallBehind).toBe(52 * 196);
    expect(chairTaken).toBe(0);
  });
});
