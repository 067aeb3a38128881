import type { CurrentUser } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/queryClient';

export type { CurrentUser };

export const CURRENT_USER_KEY = ['/api/auth/user'];

/** Unknown while loading; null when the server answers 401; the user otherwise. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    // A failed current-user call is treated as signed out rather than a broken app.
    isSignedIn: Boolean(query.data),
  };
}
