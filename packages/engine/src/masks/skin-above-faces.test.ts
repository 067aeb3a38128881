import { describe, expect, it } from 'vitest';
import type { FoundFace } from './faces.ts';
import { emptyMask, type Mask } from './mask.ts';
import { dropSkinAboveFaces } from './skin-above-faces.ts';

/** A face 20 px wide and 24 px tall, its top at row 100, centred on column 100. */
const face: FoundFace = {
  outline: [
    [90, 100],
    [110, 100],
    [110, 124],
    [90, 124],
  ],
  width: 20,
  cx: 100,
  cy: 112,
  confidence: 0.9,
};

function paint(mask: Mask, x0: number, y0: number, x1: number, y1: number) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask.data[y * mask.width + x] = 255;
}

describe('dropSkinAboveFaces', () => {
  it('drops a skin-coloured patch of hair on top of the head, not the face', () => {
    const skin = emptyMask(200, 200);
    paint(skin, 92, 101, 108, 124); // the face
    paint(skin, 95, 85, 105, 92); // lit strands above it
    dropSkinAboveFaces(skin, [face]);
    expect(skin.data[88 * 200 + 100]).toBe(0);
    expect(skin.data[110 * 200 + 100]).toBe(255);
  });

  it('keeps an arm raised beside the head, which runs on out of the face’s surroundings', () => {
    const skin = emptyMask(200, 200);
    paint(skin, 120, 20, 126, 95); // forearm and hand, reaching up past the area looked at
    dropSkinAboveFaces(skin, [face]);
    expect(skin.data[80 * 200 + 122]).toBe(255);
  });
});
