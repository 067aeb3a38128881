import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { paintFaceWithItsSkin } from './face-skin.ts';
import { emptyMask } from './mask.ts';

const SKIN = [205, 150, 120];
const HAIR = [50, 35, 25];
const WALL = [150, 160, 170];

/**
 * A head 40 px wide: a skin disc (centre 50,50, radius 20) under dark hair above row 32 and a
 * neck below it; the oval the mesh gave is the disc shrunk by 4 px (its outline, 36 points).
 */
function head(colour = true) {
  const size = 100;
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inFace = Math.hypot(x - 50, y - 50) <= 20;
      const neck = y > 65 && Math.abs(x - 50) < 10;
      let rgb = inFace || neck ? SKIN : WALL;
      if (y < 32 && Math.hypot(x - 50, y - 45) <= 26) rgb = HAIR;
      if (!colour) rgb = rgb.map(() => Math.round((rgb[0]! + rgb[1]! + rgb[2]!) / 3));
      data.set(rgb, (y * size + x) * 3);
    }
  }
  const image: RawImage = { width: size, height: size, data };
  const outline = Array.from({ length: 36 }, (_, i) => {
    const angle = (i / 36) * 2 * Math.PI;
    return [50 + 16 * Math.cos(angle), 50 + 16 * Math.sin(angle)] as const;
  });
  return { image, face: { outline, width: 32 } };
}

function paintedFace(colour = true) {
  const { image, face } = head(colour);
  const mask = emptyMask(image.width, image.height);
  paintFaceWithItsSkin(image, face, mask);
  return mask;
}

const at = (mask: { data: Uint8Array; width: number }, x: number, y: number) =>
  mask.data[y * mask.width + x]!;

describe('paintFaceWithItsSkin', () => {
  it('takes the skin just outside the oval, not the hair, the wall or the neck', () => {
    const grown = paintedFace();
    expect(at(grown, 32, 50)).toBe(255); // cheek, 2 px inside the face's edge
    expect(at(grown, 50, 33)).toBe(255); // forehead below the hair
    expect(at(grown, 50, 30)).toBe(0); // hair
    expect(at(grown, 27, 50)).toBe(0); // wall
    expect(at(grown, 50, 69)).toBe(0); // chin and neck below the jaw
  });

  it('keeps a face without colour to its oval', () => {
    const grey = paintedFace(false);
    expect(at(grey, 50, 50)).toBe(255); // inside the oval
    expect(at(grey, 50, 35)).toBe(255);
    expect(at(grey, 32, 50)).toBe(0); // skin just outside it, as grey as the wall
    expect(at(grey, 50, 33)).toBe(0);
  });
});
