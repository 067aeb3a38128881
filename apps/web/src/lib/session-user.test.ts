import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { seedSessionUser } from './session-user';

const page = (text: string | undefined) => ({
  getElementById: (id: string) =>
    id === 'session-user' && text !== undefined ? ({ textContent: text } as HTMLElement) : null,
});

describe('seedSessionUser', () => {
  it('gives the app the signed-in person before its first request', () => {
    const client = new QueryClient();
    expect(seedSessionUser(page('{"id":"u1","email":"ada@example.test"}'), client)).toBe(true);
    expect(client.getQueryData(CURRENT_USER_KEY)).toEqual({ id: 'u1', email: 'ada@example.test' });
  });

  it('knows a stale session as signed out', () => {
    const client = new QueryClient();
    expect(seedSessionUser(page('null'), client)).toBe(true);
    expect(client.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(client.getQueryState(CURRENT_USER_KEY)?.status).toBe('success');
  });

  it('leaves the question open when the block is missing or broken', () => {
    for (const text of [undefined, '', '{"id":']) {
      const client = new QueryClient();
      expect(seedSessionUser(page(text), client)).toBe(false);
      expect(client.getQueryState(CURRENT_USER_KEY)).toBeUndefined();
    }
  });
});
