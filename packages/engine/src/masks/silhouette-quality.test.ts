import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { confidenceFromLeak, selectionLeak } from './silhouette-quality.ts';

const SIZE = 60;
const box = { left: 15, top: 15, width: 30, height: 30 };

/** A grey floor with a gentle gradient, and a red square (the object) in the box if asked. */
function scene(withObject: boolean): RawImage {
  const data = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const p = (y * SIZE + x) * 3;
      const inObject = withObject && x >= 20 && x < 40 && y >= 20 && y < 40;
      data.set(inObject ? [200, 30, 30] : [120 + x / 2, 120 + x / 2, 118 + y / 2], p);
    }
  return { width: SIZE, height: SIZE, data };
}

function select(rect: { left: number; top: number; width: number; height: number }) {
  const hard = new Uint8Array(SIZE * SIZE);
  for (let y = rect.top; y < rect.top + rect.height; y++)
    for (let x = rect.left; x < rect.left + rect.width; x++) hard[y * SIZE + x] = 255;
  return hard;
}

describe('how surely an object’s outline was found', () => {
  it('is sure of an object that ends inside its box', () => {
    const leak = selectionLeak(
      scene(true),
      select({ left: 20, top: 20, width: 20, height: 20 }),
      box,
    );
    expect(leak).toBe(0);
    expect(confidenceFromLeak(leak)).toBe(1);
  });

  it('is not sure of a selection that runs on into the floor past the box', () => {
    // What a colour model does with a see-through chair: it takes the floor between the legs.
    const leak = selectionLeak(scene(false), select(box), box);
    expect(leak).toBeGreaterThan(0.9);
    expect(confidenceFromLeak(leak)).toBe(0);
  });

  it('is not misled where the selection meets the box at a step in colour', () => {
    // The object fills the box's lower half up to its edge, and the floor beyond is grey.
    const image = scene(true);
    const leak = selectionLeak(image, select({ left: 20, top: 20, width: 20, height: 20 }), {
      left: 20,
      top: 20,
      width: 20,
      height: 20,
    });
    expect(leak).toBe(0);
  });
});
