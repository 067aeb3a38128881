import type { GuestAllowanceResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';

import { GUEST_ALLOWANCE_KEY } from '@/lib/query-keys';

export { GUEST_ALLOWANCE_KEY };

/** Free result images a guest may still make today. */
export const useGuestAllowance = (enabled: boolean) =>
  useQuery<GuestAllowanceResponse>({ queryKey: GUEST_ALLOWANCE_KEY, enabled, staleTime: 60_000 });
