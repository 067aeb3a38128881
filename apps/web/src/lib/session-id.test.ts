import { describe, expect, it } from 'vitest';
import { newSessionId } from './session-id.ts';

describe('newSessionId', () => {
  it('reads session-timestamp-random', () => {
    expect(newSessionId(1700000000000, 0.123456789)).toMatch(/^session-1700000000000-[a-z0-9]+$/);
    expect(newSessionId()).not.toBe(newSessionId());
  });
});
