import { describe, expect, it } from 'vitest';
import { CROP_RATIOS, initialCrop, ratioValue, toPixelRect } from './crop-math.ts';

describe('crop ratios', () => {
  it('offers the nine ratios and Free', () => {
    expect(CROP_RATIOS).toHaveLength(10);
    expect(ratioValue('16:9')).toBeCloseTo(16 / 9);
    expect(ratioValue('free')).toBeUndefined();
  });
});

describe('initialCrop', () => {
  it('starts centred at 16:9 over 70 % of a wide image', () => {
    const crop = initialCrop('16:9', 1600, 900);
    expect(crop.width).toBeCloseTo(70);
    expect(crop.height).toBeCloseTo(70);
    expect(crop.x).toBeCloseTo(15);
    expect(crop.y).toBeCloseTo(15);
  });
  it('fits a wide shape into a tall image by its width', () => {
    const crop = initialCrop('16:9', 900, 1600);
    expect(crop.width).toBeCloseTo(70);
    const pixels = { w: (crop.width / 100) * 900, h: (crop.height / 100) * 1600 };
    expect(pixels.w / pixels.h).toBeCloseTo(16 / 9);
  });
  it('fits a tall shape into a wide image by its height', () => {
    const crop = initialCrop('9:16', 1600, 900);
    expect(crop.height).toBeCloseTo(70);
    expect(((crop.width / 100) * 1600) / ((crop.height / 100) * 900)).toBeCloseTo(9 / 16);
  });
  it('is 70 % each way when free', () => {
    expect(initialCrop('free', 500, 300)).toMatchObject({ width: 70, height: 70 });
  });
});

describe('toPixelRect', () => {
  it('maps percentages to the image pixels and keeps them inside', () => {
    expect(toPixelRect({ unit: '%', x: 10, y: 20, width: 50, height: 50 }, 1000, 500)).toEqual({
      x: 100,
      y: 100,
      width: 500,
      height: 250,
    });
    expect(toPixelRect({ unit: '%', x: 90, y: 0, width: 20, height: 100 }, 1000, 500)).toEqual({
      x: 900,
      y: 0,
      width: 100,
      height: 500,
    });
  });
  it('fails for crops that start outside or are under 10 px', () => {
    expect(toPixelRect({ unit: '%', x: -1, y: 0, width: 50, height: 50 }, 100, 100)).toBeNull();
    expect(toPixelRect({ unit: '%', x: 100, y: 0, width: 5, height: 50 }, 100, 100)).toBeNull();
    expect(toPixelRect({ unit: '%', x: 0, y: 0, width: 5, height: 50 }, 100, 100)).toBeNull();
  });
});
