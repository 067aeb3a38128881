import { describe, expect, it } from 'vitest';
import {
  emptyMask,
  intersectMasks,
  invertMask,
  maskBounds,
  maskCoverage,
  maskFromBinary,
  maskIoU,
  subtractMask,
  unionMasks,
} from './mask.ts';

function square(size: number, left: number, top: number, side: number) {
  const mask = emptyMask(size, size);
  for (let y = top; y < top + side; y++)
    mask.data.fill(255, y * size + left, y * size + left + side);
  return mask;
}

describe('Mask', () => {
  it('combines selections pixel by pixel', () => {
    const a = square(10, 0, 0, 5);
    const b = square(10, 3, 3, 5);
    expect(maskCoverage(a)).toBeCloseTo(0.25);
    expect(maskCoverage(unionMasks(a, b))).toBeCloseTo((25 + 25 - 4) / 100);
    expect(maskCoverage(intersectMasks(a, b))).toBeCloseTo(4 / 100);
    expect(maskCoverage(subtractMask(a, b))).toBeCloseTo(21 / 100);
    expect(maskCoverage(invertMask(a))).toBeCloseTo(0.75);
  });

  it('measures overlap and bounds', () => {
    const a = square(10, 0, 0, 4);
    expect(maskIoU(a, a)).toBe(1);
    expect(maskIoU(a, square(10, 2, 0, 4))).toBeCloseTo(8 / 24);
    expect(maskBounds(square(10, 2, 3, 4))).toEqual({ left: 2, top: 3, width: 4, height: 4 });
    expect(maskBounds(emptyMask(4, 4))).toBeNull();
  });

  it('refuses a mask that does not fit its image', () => {
    expect(() => maskFromBinary(new Uint8Array(5), 2, 2)).toThrow(/2×2/);
    expect(() => unionMasks(emptyMask(2, 2), emptyMask(3, 2))).toThrow(/differ/);
  });
});
