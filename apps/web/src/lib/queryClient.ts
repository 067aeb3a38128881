import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';

/** Non-OK answers become errors reading `status: body` (the status text when the body is empty). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** A read is a GET to the key parts joined by '/'; it must address our API or an http URL. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const parts = queryKey
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map((part) => String(part));
  if (parts.length === 0) throw new Error('Invalid query key: no valid parts');
  const url = parts.join('/');
  if (!url.startsWith('/api') && !url.startsWith('http')) throw new Error('Invalid URL');
  return url;
}

/** A write: JSON body, or the FormData as it is when a file is attached. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
  });
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const url = urlFromQueryKey(queryKey);
    try {
      const res = await fetch(url, { credentials: 'include' });
      if (options.on401 === 'returnNull' && res.status === 401) return null as T;
      await throwIfResNotOk(res);
      return (await res.json()) as T;
    } catch (error) {
      console.error(`Query failed: ${url}`, error);
      throw error;
    }
  };
}

export const isUnauthorizedError = (error: unknown) =>
  error instanceof Error && /^401: /.test(error.message);

export function createQueryClient(onError?: (error: unknown) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
