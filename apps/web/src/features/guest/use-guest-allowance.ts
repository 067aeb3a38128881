import type { GuestAllowanceResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';

export const GUEST_ALLOWANCE_KEY = ['/api/guest/allowance'];

/** Free result images a guest may still make today. */
export const useGuestAllowance = (enabled: boolean) =>
  useQuery<GuestAllowanceResponse>({ queryKey: GUEST_ALLOWANCE_KEY, enabled, staleTime: 60_000 });
