import type { UserStats } from '@image-lab/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountEvent } from '@/lib/live/account-events';

import { USER_STATS_KEY } from '@/lib/query-keys';

export { USER_STATS_KEY };

/** Stale after 2 minutes, kept 5, refetched every 30 s (working areas §9). */
export function useUserStats(enabled = true) {
  return useQuery<UserStats>({
    queryKey: USER_STATS_KEY,
    enabled,
    staleTime: 2 * 60_000,
    gcTime: 5 * 60_000,
    refetchInterval: 30_000,
  });
}

/** A `credits-updated` event (a generation here, in another tab or on another device). */
export function useLiveCredits() {
  const queryClient = useQueryClient();
  useAccountEvent('credits-updated', (data) => {
    const credits = (data as { creditsRemaining?: unknown } | null)?.creditsRemaining;
    if (typeof credits !== 'number') return;
    queryClient.setQueryData<UserStats>(USER_STATS_KEY, (stats) =>
      stats ? { ...stats, creditsRemaining: credits } : stats,
    );
  });
}
