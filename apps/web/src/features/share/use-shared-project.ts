import type { SharedProjectResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { getJson, isNetworkError } from '@/lib/api';

const fetchSharedProject = (token: string) =>
  getJson<SharedProjectResponse>(`/api/shared-project/${encodeURIComponent(token)}`, {
    // Revalidated, not taken from the 30-second cache: a link just made private must stop showing.
    cache: 'no-cache',
  });

/**
 * The public project (foundations §2.11). Each answer counts a view, so it is read once per
 * visit: no refetch on focus. A failed request shows a toast once.
 */
export function useSharedProject(token: string) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['shared-project', token],
    queryFn: () => fetchSharedProject(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const error = query.error;
  useEffect(() => {
    // An answer (unknown, private or malformed link) is said by the page's 'Project Not Found'
    // card alone (a toast repeated it, issue 21); a request that failed gets the toast.
    if (!error || !isNetworkError(error)) return;
    toast({
      title: t('share.page.loadError'),
      description: t('share.page.loadErrorBody'),
      variant: 'destructive',
    });
  }, [error, t]);
  return query;
}
