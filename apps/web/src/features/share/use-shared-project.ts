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
 * visit: no refetch on focus. Failures show the catalogue's toast once.
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
    if (!error) return;
    // Any answer (unknown, private or malformed link), as opposed to a failed request.
    const notShared = !isNetworkError(error);
    toast({
      title: notShared ? t('share.page.notFound') : t('share.page.loadError'),
      description: notShared ? t('share.page.notFoundToast') : t('share.page.loadErrorBody'),
      variant: 'destructive',
    });
  }, [error, t]);
  return query;
}
