import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInFor } from './return-path';

describe('the path to come back to after signing in', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeReturnPath('/stats')).toBe('/stats');
    expect(safeReturnPath('/gallery?tab=2#top')).toBe('/gallery?tab=2#top');
    expect(
      safeReturnPath(
        new URLSearchParams(signInFor('/subscribe?plan=basic').split('?')[1]).get('next'),
      ),
    ).toBe('/subscribe?plan=basic');
  });

  it('never leads to another site', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'stats',
      '',
      null,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
