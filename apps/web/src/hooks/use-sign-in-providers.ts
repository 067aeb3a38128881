import type { AuthProvidersResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';

const NONE: AuthProvidersResponse = { google: false, github: false, oidc: false };

/**
 * The outside sign-in providers this server has configured. Until the answer is in (and on the
 * server-rendered page) none is shown: a button that cannot work is worse than one that appears.
 */
export function useSignInProviders(): AuthProvidersResponse {
  const { data } = useQuery<AuthProvidersResponse>({
    queryKey: ['/api/auth/providers'],
    staleTime: Infinity,
  });
  return data ?? NONE;
}
