import { describe, expect, it } from 'vitest';
import type { FoundFace } from './faces.ts';
import { emptyMask, type Mask } from './mask.ts';
import { dropPrintsOnClothes } from './skin-on-clothes.ts';

const W = 100;
const H = 100;
const rect = (mask: Mask, x0: number, y0: number, x1: number, y1: number) => {
  for (let y = y0; y < y1; y++) mask.data.fill(255, y * W + x0, y * W + x1);
};
/** A square face 20 px wide at the top middle (area 400). */
const face: FoundFace = {
  outline: [
    [40, 5],
    [60, 5],
    [60, 25],
    [40, 25],
  ],
  width: 20,
  cx: 50,
  cy: 15,
  confidence: 0.9,
};
const person = () => {
  const people = emptyMask(W, H);
  rect(people, 20, 5, 80, 100);
  return people;
};
const on = (mask: Mask, x: number, y: number) => mask.data[y * W + x]! >= 128;

describe('skin-coloured prints on clothes', () => {
  it('drops a small patch the clothes enclose, and keeps skin at the outline or on the face', () => {
    const skin = emptyMask(W, H);
    rect(skin, 42, 8, 58, 24); // the face
    rect(skin, 45, 50, 53, 58); // a crest on the shirt: 64 px, enclosed
    rect(skin, 20, 60, 30, 70); // an arm at the person's edge
    dropPrintsOnClothes(skin, person(), [face]);
    expect(on(skin, 49, 54)).toBe(false);
    expect(on(skin, 50, 15)).toBe(true);
    expect(on(skin, 25, 65)).toBe(true);
  });

  it('keeps an enclosed patch as large as a hand (a hand held before the chest)', () => {
    const skin = emptyMask(W, H);
    rect(skin, 40, 50, 56, 66); // 256 px: over 0.4 of the face's 400
    dropPrintsOnClothes(skin, person(), [face]);
    expect(on(skin, 48, 58)).toBe(true);
  });

  it('changes nothing without a face to measure a print by', () => {
    const skin = emptyMask(W, H);
    rect(skin, 45, 50, 53, 58);
    dropPrintsOnClothes(skin, person(), []);
    expect(on(skin, 49, 54)).toBe(true);
  });
});
