import { describe, expect, it } from 'vitest';
import { bannerVisible } from './out-of-credits.ts';

describe('bannerVisible', () => {
  const fresh = { refused: false, dismissed: false };
  it('shows at a balance of 0 or less', () => {
    expect(bannerVisible(fresh, 0)).toBe(true);
    expect(bannerVisible(fresh, -2)).toBe(true);
    expect(bannerVisible(fresh, 1)).toBe(false);
    expect(bannerVisible(fresh, undefined)).toBe(false);
  });
  it('shows after a 402 whatever the balance says', () => {
    expect(bannerVisible({ refused: true, dismissed: false }, 3)).toBe(true);
  });
  it('stays hidden once dismissed', () => {
    expect(bannerVisible({ refused: true, dismissed: true }, 0)).toBe(false);
  });
});
