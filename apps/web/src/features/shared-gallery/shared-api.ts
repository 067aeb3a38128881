import type { SharedGalleryItem, SharedGalleryResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { failureOf, getJson } from '@/lib/api';

/** Large pages: the page counts every image, so it reads them all in a few calls. */
export const SHARED_PAGE_SIZE = 500;

export async function fetchSharedPage(
  token: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SharedGalleryResponse> {
  const query = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return getJson<SharedGalleryResponse>(
    `/api/shared/${encodeURIComponent(token)}?${query.toString()}`,
    { signal },
  );
}

export type ShareFailure = 'expired' | 'notFound';

/** A 410 (the share's end date has passed) is 'Share Expired'; anything else 'Not Found'. */
export function shareFailure(error: unknown): ShareFailure {
  const { status, code } = failureOf(error);
  return status === 410 || code === 'share_expired' ? 'expired' : 'notFound';
}

export interface SharedCounts {
  total: number;
  uploaded: number;
  generated: number;
}

export function countShared(items: readonly Pick<SharedGalleryItem, 'imageType'>[]): SharedCounts {
  const uploaded = items.filter((item) => item.imageType === 'upload').length;
  return { total: items.length, uploaded, generated: items.length - uploaded };
}

/** Pages read before the page shows what it has (100,000 images); a share is rarely near it. */
export const MAX_SHARED_PAGES = 200;

/** Reads every page of a shared gallery, in order. */
export async function fetchWholeShare(
  token: string,
  signal?: AbortSignal,
): Promise<{ createdAt: string; history: SharedGalleryItem[] }> {
  const first = await fetchSharedPage(token, null, signal);
  const history = [...first.history];
  let cursor = first.nextCursor;
  for (let page = 1; cursor && page < MAX_SHARED_PAGES; page++) {
    const next = await fetchSharedPage(token, cursor, signal);
    history.push(...next.history);
    cursor = next.nextCursor;
  }
  return { createdAt: first.createdAt, history };
}

/**
 * The whole shared gallery (its counts need every image). Read once per visit: the first page
 * of a visit counts as a view, so there is no refetch on focus and nothing goes stale.
 */
export function useSharedGallery(token: string) {
  const query = useQuery({
    queryKey: ['/api/shared', token],
    queryFn: ({ signal }) => fetchWholeShare(token, signal),
    enabled: token.length > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return { ...query, items: query.data?.history ?? NO_ITEMS, sharedAt: query.data?.createdAt };
}

const NO_ITEMS: SharedGalleryItem[] = [];
