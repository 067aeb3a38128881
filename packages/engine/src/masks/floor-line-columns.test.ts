import { describe, expect, it } from 'vitest';
import { floorLineColumns, floorRowsOn } from './floor-line-columns.ts';

const w = 60;
const h = 100;
const ROOM_LINE = 60;

/** A back wall down to the room's line; right of `side`, a side wall down to the bottom. */
function room(side: number, hidden = new Uint8Array(w * h)) {
  const wall = (p: number) => {
    const x = p % w;
    const y = Math.floor(p / w);
    return y < ROOM_LINE || x >= side;
  };
  return floorLineColumns(w, h, ROOM_LINE, { isWall: wall, hidden });
}

describe('floorLineColumns', () => {
  it("follows a side wall down to the frame's bottom and keeps the room's line elsewhere", () => {
    const rows = room(40);
    for (let x = 0; x < 35; x++) expect(rows[x]).toBe(ROOM_LINE);
    for (let x = 45; x < w; x++) expect(rows[x]).toBe(h);
  });

  it('follows a wall only as far as it goes on', () => {
    const rows = floorLineColumns(w, h, ROOM_LINE, {
      isWall: (p) => Math.floor(p / w) < 80,
      hidden: new Uint8Array(w * h),
    });
    expect([...rows].every((row) => row === 80)).toBe(true);
  });

  it("keeps the room's line where a piece hides what lies below", () => {
    const hidden = new Uint8Array(w * h);
    for (let y = 70; y < 90; y++) for (let x = 40; x < w; x++) hidden[y * w + x] = 1;
    const rows = room(40, hidden);
    for (let x = 45; x < w; x++) expect(rows[x]).toBe(ROOM_LINE);
  });

  it('scales the lines to another grid, or gives the one line without them', () => {
    const lines = Float32Array.from({ length: 10 }, (_, x) => (x < 5 ? 0.5 : 1));
    const rows = floorRowsOn({ floorLine: 0.5, floorLines: lines }, 20, 40);
    expect(rows[0]).toBe(20);
    expect(rows[19]).toBe(40);
    expect([...floorRowsOn({ floorLine: 0.25 }, 4, 40)]).toEqual([10, 10, 10, 10]);
  });
});
