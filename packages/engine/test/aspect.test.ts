import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  PRESET_RESOLUTIONS,
  cropGenerationSize,
  detectAspectRatio,
  nearestAspectRatio,
  nearestPresetResolution,
  ratioValue,
} from '../src/aspect.ts';

describe('aspect ratios', () => {
  it('lists the nine ratios of the spec', () => {
    expect(ASPECT_RATIOS).toEqual([
      '21:9',
      '16:9',
      '4:3',
      '3:2',
      '1:1',
      '2:3',
      '3:4',
      '9:16',
      '9:21',
    ]);
  });

  it('finds the nearest ratio', () => {
    expect(nearestAspectRatio(1920, 1080)).toBe('16:9');
    expect(nearestAspectRatio(1000, 1010)).toBe('1:1');
    expect(nearestAspectRatio(3000, 2000)).toBe('3:2');
    expect(nearestAspectRatio(2000, 3000)).toBe('2:3');
    expect(nearestAspectRatio(1080, 1920)).toBe('9:16');
    expect(nearestAspectRatio(2560, 1080)).toBe('21:9');
    expect(nearestAspectRatio(400, 2000)).toBe('9:21');
  });

  it('has the spec’s preset range for 16:9 and 1:1', () => {
    expect(PRESET_RESOLUTIONS['16:9'][0]).toEqual({ width: 512, height: 288 });
    expect(PRESET_RESOLUTIONS['16:9'].at(-1)).toEqual({ width: 3840, height: 2160 });
    expect(PRESET_RESOLUTIONS['1:1'][0]).toEqual({ width: 512, height: 512 });
    expect(PRESET_RESOLUTIONS['1:1'].at(-1)).toEqual({ width: 3840, height: 3840 });
  });

  it('keeps every preset close to its ratio, within 3840 px and on multiples of 8', () => {
    for (const ratio of ASPECT_RATIOS) {
      for (const { width, height } of PRESET_RESOLUTIONS[ratio]) {
        expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
        expect(width % 8).toBe(0);
        expect(height % 8).toBe(0);
        expect(Math.abs(width / height / ratioValue(ratio) - 1)).toBeLessThan(0.02);
      }
    }
  });

  it('picks the largest preset that fits, else the smallest', () => {
    expect(nearestPresetResolution('16:9', 1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(nearestPresetResolution('16:9', 1900, 1080)).toEqual({ width: 1536, height: 864 });
    expect(nearestPresetResolution('1:1', 300, 300)).toEqual({ width: 300, height: 300 });
    expect(nearestPresetResolution('2:3', 2000, 3000)).toEqual({ width: 1704, height: 2560 });
  });

  it('detects crop ratios within 5 %, else free', () => {
    expect(detectAspectRatio(1600, 900)).toBe('16:9');
    expect(detectAspectRatio(1000, 1040)).toBe('1:1');
    expect(detectAspectRatio(1000, 1200)).toBe('free');
  });

  it('derives generation sizes for crops as in §9', () => {
    expect(cropGenerationSize(21 / 9)).toEqual({ width: 2688, height: 1152 });
    expect(cropGenerationSize(16 / 9)).toEqual({ width: 2272, height: 1280 });
    expect(cropGenerationSize(4 / 3)).toEqual({ width: 2048, height: 1536 });
    expect(cropGenerationSize(1)).toEqual({ width: 1536, height: 1536 });
    expect(cropGenerationSize(3 / 4)).toEqual({ width: 1536, height: 2048 });
    expect(cropGenerationSize(9 / 16)).toEqual({ width: 1280, height: 2272 });
    // On each boundary the lower band applies ("over 2", "over 1.5"...); just above, the upper.
    expect(cropGenerationSize(2)).toEqual({ width: 2560, height: 1280 });
    expect(cropGenerationSize(2.001)).toEqual({ width: 2304, height: 1152 });
    expect(cropGenerationSize(1.5)).toEqual({ width: 2304, height: 1536 });
    expect(cropGenerationSize(1.501)).toEqual({ width: 1920, height: 1280 });
    expect(cropGenerationSize(1.001)).toEqual({ width: 1536, height: 1536 });
    expect(cropGenerationSize(0.661)).toEqual({ width: 1536, height: 2336 });
    expect(cropGenerationSize(0.66)).toEqual({ width: 1280, height: 1952 });
    expect(cropGenerationSize(2.5)).toEqual({ width: 2880, height: 1152 });
    for (const ratio of [2.4, 1.7, 1.2, 0.9, 0.5]) {
      const { width, height } = cropGenerationSize(ratio);
      expect(width % 32).toBe(0);
      expect(height % 32).toBe(0);
    }
  });
});
