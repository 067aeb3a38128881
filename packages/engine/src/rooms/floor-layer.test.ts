import { describe, expect, it } from 'vitest';
import { floorLayer } from './floor-layer.ts';

const w = 80;
const h = 60;
const LINE = 30;

/** The floor region below the line; boards' seams every 6 columns; what stands is blocked. */
function room() {
  const region = Uint8Array.from({ length: w * h }, (_, p) => (p / w >= LINE ? 1 : 0));
  const texture = Float32Array.from({ length: w * h }, (_, p) => ((p % w) % 6 === 0 ? 20 : 2));
  return { region, texture, blocked: new Uint8Array(w * h) };
}
const at = { w, h, floorRow: LINE, wall: null };

describe('floorLayer', () => {
  it("keeps the boards' seams and a stretch of boards a chair's base cuts off", () => {
    const { region, texture, blocked } = room();
    // A chair's base from the line down to the bottom, cutting off the 8 columns on the left.
    for (let y = LINE; y < h; y++) for (let x = 8; x < 12; x++) blocked[y * w + x] = 1;
    const floor = floorLayer(region, texture, blocked, at)!;
    expect(floor).not.toBeNull();
    let left = 0;
    let seams = 0;
    for (let y = LINE; y < h; y++) {
      for (let x = 0; x < 8; x++) left += floor[y * w + x]!;
      seams += floor[y * w + 30]!;
    }
    expect(left / ((h - LINE) * 8)).toBeGreaterThan(0.9);
    expect(seams / (h - LINE)).toBeGreaterThan(0.9);
  });

  it('leaves out a broad busy patch standing on the floor (a patterned shirt)', () => {
    const { region, texture, blocked } = room();
    for (let y = 40; y < 50; y++) for (let x = 40; x < 50; x++) texture[y * w + x] = 30;
    const floor = floorLayer(region, texture, blocked, at)!;
    expect(floor[45 * w + 44]).toBe(0);
    expect(floor[45 * w + 20]).toBe(1);
  });

  it('tones no floor found over less than nine tenths of what is in view', () => {
    const { region, texture, blocked } = room();
    // A fifth of the floor in view matches no floor colour (the region leaves it out).
    for (let y = LINE; y < h; y++) for (let x = 0; x < 16; x++) region[y * w + x] = 0;
    expect(floorLayer(region, texture, blocked, at)).toBeNull();
    for (let y = LINE; y < h; y++) for (let x = 0; x < 4; x++) region[y * w + x] = 1;
    for (let y = LINE; y < h; y++) for (let x = 4; x < 8; x++) region[y * w + x] = 1;
    expect(floorLayer(region, texture, blocked, at)).not.toBeNull();
  });
});
