import type { GalleryItem } from '@image-lab/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchGalleryPage, galleryPageKey, type GalleryFilter } from './gallery-api';

/**
 * The gallery in its order, page by page (keyset cursors). Fresh for 10 minutes, kept 30, no
 * retry and no refetch on focus (foundations §9): changes arrive through the live events.
 */
export function useGalleryPages(filter: GalleryFilter, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: galleryPageKey(filter),
    queryFn: ({ pageParam, signal }) => fetchGalleryPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    enabled,
  });
  const pages = query.data?.pages;
  // A drag between two page reads can show an image twice: the first one wins.
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: GalleryItem[] = [];
    for (const page of pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        out.push(item);
      }
    }
    return out;
  }, [pages]);
  return { ...query, items };
}
