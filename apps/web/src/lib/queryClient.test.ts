import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  createQueryClient,
  getQueryFn,
  throwIfResNotOk,
  urlFromQueryKey,
} from './queryClient.ts';

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
    await expect(run('throw', ['/api/x'])).rejects.toThrow('401: Unauthorized');
    expect(log).toHaveBeenCalled();
  });
});

describe('throwIfResNotOk', () => {
  it('uses the body text', async () => {
    await expect(throwIfResNotOk(new Response('{"message":"x"}', { status: 400 }))).rejects.toThrow(
      '400: {"message":"x"}',
    );
  });
  it('falls back to the status text for an empty body', async () => {
    await expect(
      throwIfResNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await apiRequest('POST', '/api/projects', { name: 'A' });
    expect(fetchMock).toHaveBeenCalledWith('/api/projects', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
    });
  });
  it('sends form data as it is', async () => {
    const fetchMock = stubFetch(Response.json({}));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await apiRequest('POST', '/api/save-original-image', form);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({});
  });
  it('raises status: text on failure', async () => {
    stubFetch(new Response('Payment Required', { status: 402 }));
    await expect(apiRequest('POST', '/api/edit-image', {})).rejects.toThrow(
      '402: Payment Required',
    );
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
