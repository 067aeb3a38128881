import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { leaveOutContents } from './container-contents.ts';

const WOOD = [120, 70, 40];
const WHITE = [240, 238, 232];
const CREMA = [190, 130, 70];

/** A 60×60 cup seen from above on wood: a white rim around its inside, the mask its outline. */
function cupFromAbove(inside: number[], rim: (p: number) => number[] = () => WHITE) {
  const size = 60;
  const data = Buffer.alloc(size * size * 3);
  const hard = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - 30, y - 30);
      const p = y * size + x;
      data.set(r < 14 ? inside : r < 24 ? rim(p) : WOOD, p * 3);
      if (r < 24) hard[p] = 255;
    }
  const image: RawImage = { width: size, height: size, data };
  return { image, hard, at: (x: number, y: number) => hard[y * size + x] };
}

describe('what a container holds', () => {
  it('takes the coffee inside the rim out of the cup, and keeps the rim', () => {
    const { image, hard, at } = cupFromAbove(CREMA);
    expect(leaveOutContents(image, hard)).toBeGreaterThan(400);
    expect(at(30, 30)).toBe(0);
    expect(at(30, 40)).toBe(0);
    expect(at(30, 10)).toBe(255);
    expect(at(30, 49)).toBe(255);
  });

  it('keeps an empty cup whole: its inside has the rim’s colour', () => {
    const { image, hard } = cupFromAbove(WHITE);
    expect(leaveOutContents(image, hard)).toBe(0);
    expect(hard.filter((v) => v === 255).length).toBeGreaterThan(1700);
  });

  it('leaves a cup with a patterned rim whole: its outline has no colours of its own', () => {
    // Every rim pixel a different colour: no colour reaches 1 % of the band, and before the
    // check every colour inside the rim counted as foreign.
    const { image, hard } = cupFromAbove(WHITE, (p) => [
      (p * 37) % 256,
      (p * 91) % 256,
      (p * 53) % 256,
    ]);
    expect(leaveOutContents(image, hard)).toBe(0);
  });
});
