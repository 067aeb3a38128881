import { describe, expect, it } from 'vitest';
import { generationRate, niceMax, totals } from './stats-math';

describe('stats maths', () => {
  it('shows the generation rate with two decimals only when both counts are above 0', () => {
    expect(generationRate(3, 7)).toBe('2.33x');
    expect(generationRate(0, 7)).toBeNull();
    expect(generationRate(4, 0)).toBeNull();
  });

  it('rounds the chart scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 51, 100].map(niceMax)).toEqual([1, 1, 5, 10, 20, 100, 100]);
  });

  it('adds up images and credits over the days', () => {
    const day = (uploaded: number, generated: number, creditsUsed: number) => ({
      date: '2026-01-01',
      uploaded,
      generated,
      creditsUsed,
    });
    expect(totals([day(1, 2, 2), day(0, 4, 4)])).toEqual({ images: 7, creditsUsed: 6 });
  });
});
