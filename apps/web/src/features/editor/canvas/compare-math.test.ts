import { describe, expect, it } from 'vitest';
import { keyboardPosition, shouldClick, sliderPosition } from './compare-math.ts';

describe('sliderPosition', () => {
  it('maps the pointer to 0-100 and clamps', () => {
    const rect = { left: 100, width: 200 };
    expect(sliderPosition(200, rect)).toBe(50);
    expect(sliderPosition(0, rect)).toBe(0);
    expect(sliderPosition(400, rect)).toBe(100);
    expect(sliderPosition(10, { left: 0, width: 0 })).toBe(50);
  });
});

describe('shouldClick', () => {
  it('clicks after more than 5 % of movement', () => {
    expect(shouldClick(50, 55)).toBe(false);
    expect(shouldClick(50, 55.1)).toBe(true);
    expect(shouldClick(50, 44)).toBe(true);
  });
});

describe('keyboardPosition', () => {
  it('steps by 1, or 10 with Shift, and jumps to the ends', () => {
    expect(keyboardPosition(50, 'ArrowLeft', false)).toBe(49);
    expect(keyboardPosition(50, 'ArrowRight', true)).toBe(60);
    expect(keyboardPosition(95, 'PageUp', false)).toBe(100);
    expect(keyboardPosition(50, 'Home', false)).toBe(0);
    expect(keyboardPosition(50, 'End', false)).toBe(100);
    expect(keyboardPosition(50, 'a', false)).toBeNull();
  });
});
