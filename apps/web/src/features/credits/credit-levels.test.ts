import { describe, expect, it } from 'vitest';
import { creditLevel, creditWarning, isOutOfCredits } from './credit-levels.ts';

describe('creditLevel', () => {
  it('is green at 100 or more, yellow at 50 or more, red below', () => {
    expect([1000, 100, 99, 50, 49, 0, -3].map(creditLevel)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
      'low',
    ]);
  });
});

describe('creditWarning', () => {
  it('warns under 50 and is critical under 20', () => {
    expect([100, 50, 49, 20, 19, 0].map(creditWarning)).toEqual([
      'none',
      'none',
      'warning',
      'warning',
      'critical',
      'critical',
    ]);
  });
});

describe('isOutOfCredits', () => {
  it('is set at 0 or less', () => {
    expect(isOutOfCredits(1)).toBe(false);
    expect(isOutOfCredits(0)).toBe(true);
    expect(isOutOfCredits(-1)).toBe(true);
  });
});
