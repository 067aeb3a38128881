import type { SharedGalleryItem, SharedGalleryResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';

/** Large pages: the page counts every image, so it reads them all in a few calls. */
export const SHARED_PAGE_SIZE = 500;

export async function fetchSharedPage(
  token: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SharedGalleryResponse> {
  const query = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const res = await fetch(`/api/shared/${encodeURIComponent(token)}?${query.toString()}`, {
    credentials: 'include',
    signal,
  });
  // Errors read "status: body", as everywhere else in the app (lib/queryClient).
  if (!res.ok)
    throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
  return (await res.json()) as SharedGalleryResponse;
}

export type ShareFailure = 'expired' | 'notFound';

/** An answer of 410, or any error that mentions expiry, is 'Share Expired'; the rest 'Not Found'. */
export function shareFailure(error: unknown): ShareFailure {
  const message = error instanceof Error ? error.message : String(error);
  return /^410\b/.test(message) || /expired/i.test(message) ? 'expired' : 'notFound';
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
