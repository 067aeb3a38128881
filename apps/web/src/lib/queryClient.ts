import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfResNotOk } from './api/client';

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
