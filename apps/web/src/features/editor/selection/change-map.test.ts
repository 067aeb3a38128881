import { describe, expect, it } from 'vitest';
import { changeMap, comparisonSize } from './change-map';

/** A w×h RGBA picture of one grey, with the given pixels set to a colour. */
function picture(w: number, h: number, grey: number, set: Array<[number, number[]]> = []) {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set([grey, grey, grey, 255], i);
  for (const [index, rgb] of set) data.set([...rgb, 255], index * 4);
  return data;
}

describe('change map', () => {
  it('marks exactly the pixels whose colour moved and counts their share', () => {
    const before = picture(4, 4, 120);
    const after = picture(4, 4, 120, [
      [5, [40, 60, 200]],
      [6, [40, 60, 200]],
    ]);
    const map = changeMap(before, after);
    expect(map.changedShare).toBeCloseTo(2 / 16);
    const alpha = (i: number) => map.overlay[i * 4 + 3];
    const red = (i: number) => map.overlay[i * 4];
    expect([red(5), alpha(5)]).toEqual([255, 215]);
    expect([red(0), alpha(0)]).toEqual([15, 120]);
  });

  it('does not count small JPEG-like wobble as a change', () => {
    const before = picture(3, 3, 100);
    const after = picture(3, 3, 100, [[4, [104, 97, 103]]]);
    expect(changeMap(before, after).changedShare).toBe(0);
  });

  it('refuses pictures of different sizes and compares at most 1024 px on the long side', () => {
    expect(() => changeMap(picture(2, 2, 0), picture(3, 2, 0))).toThrow();
    expect(comparisonSize(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(comparisonSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
