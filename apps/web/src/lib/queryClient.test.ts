import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/api-error.ts';
import { createQueryClient, getQueryFn, urlFromQueryKey } from './queryClient.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const run = <T>(on401: 'returnNull' | 'throw', queryKey: unknown[]) =>
  getQueryFn<T>({ on401 })({
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: createQueryClient(),
  } as never);

describe('urlFromQueryKey', () => {
  it('joins the key parts with / and drops empty parts', () => {
    expect(urlFromQueryKey(['/api/projects', 'abc', null, undefined, ''])).toBe(
      '/api/projects/abc',
    );
  });
  it('refuses a key with no valid parts', () => {
    expect(() => urlFromQueryKey([null, ''])).toThrow('Invalid query key: no valid parts');
  });
  it('refuses a path outside the API', () => {
    expect(() => urlFromQueryKey(['/etc/passwd'])).toThrow('Invalid URL');
    expect(() => urlFromQueryKey(['javascript:alert(1)'])).toThrow('Invalid URL');
  });
  it('accepts absolute http addresses', () => {
    expect(urlFromQueryKey(['https://example.test/api/x'])).toBe('https://example.test/api/x');
  });
});

describe('getQueryFn', () => {
  it('GETs the joined key with credentials and returns the JSON', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'u1' }));
    await expect(run('throw', ['/api/auth/user'])).resolves.toEqual({ id: 'u1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', { credentials: 'include' });
  });
  it('turns a 401 into null when asked', async () => {
    stubFetch(new Response('nope', { status: 401 }));
    await expect(run('returnNull', ['/api/auth/user'])).resolves.toBeNull();
  });
  it('raises a 401 by default, logging the failed read', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await Promise.resolve(run('throw', ['/api/x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Unauthorized' });
    expect(log).toHaveBeenCalled();
  });
});

describe('query defaults', () => {
  it('follow the specification', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 30_000,
      gcTime: 300_000,
      refetchOnWindowFocus: true,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
