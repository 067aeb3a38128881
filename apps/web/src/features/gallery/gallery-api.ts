import type {
  AccessSharedGalleryResponse,
  CreateGalleryShareRequest,
  CreateGalleryShareResponse,
  DeleteGalleryImagesResponse,
  GalleryItem,
  GalleryPage,
  GalleryShare,
  ReorderGalleryResponse,
} from '@image-lab/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, postJson } from '@/lib/api';
import { serverChanged } from '@/lib/server-changes';

export type GalleryTab = 'all' | 'uploaded' | 'generated';
export interface GalleryFilter {
  type: GalleryTab;
  favorites: boolean;
}

import { GALLERY_LIST_KEY, GALLERY_PAGE_KEY } from '@/lib/query-keys';

export { GALLERY_PAGE_KEY };
export const GALLERY_SHARES_KEY = ['/api/gallery/shares'];
export const PAGE_SIZE = 100;
/** The delete and share calls take at most 500 ids each. */
export const MAX_IDS_PER_CALL = 500;
/** Share links last 30 days unless chosen otherwise (the contract's default). */
export const SHARE_DEFAULT_DAYS = 30;

export const galleryPageKey = (filter: GalleryFilter) => [
  ...GALLERY_PAGE_KEY,
  filter.type,
  filter.favorites ? 'favorites' : 'any',
];

export type GalleryPages = InfiniteData<GalleryPage, string | null>;

export async function fetchGalleryPage(
  filter: GalleryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), type: filter.type });
  if (filter.favorites) query.set('favorites', 'true');
  if (cursor) query.set('cursor', cursor);
  return getJson<GalleryPage>(`/api/gallery/page?${query.toString()}`, { signal });
}

export const setFavorite = async (id: string, favorite: boolean) =>
  (await apiRequest('PATCH', `/api/gallery/${id}`, { favorite }).then((r) =>
    r.json(),
  )) as GalleryItem;

/** Puts the image on the landing's public gallery, or takes it off (decision 021). */
export const setPublished = async (id: string, published: boolean) =>
  (await apiRequest('PATCH', `/api/gallery/${id}`, { published }).then((r) =>
    r.json(),
  )) as GalleryItem;

export const reorderImage = (body: { id: string; beforeId?: string; afterId?: string }) =>
  postJson<ReorderGalleryResponse>('/api/gallery/reorder', body);

/** Deletes in calls of at most 500; answers how many were deleted. */
export async function deleteImages(ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let at = 0; at < ids.length; at += MAX_IDS_PER_CALL) {
    const chunk = ids.slice(at, at + MAX_IDS_PER_CALL);
    const answer = await postJson<DeleteGalleryImagesResponse>('/api/gallery/delete', {
      ids: chunk,
    });
    deleted += answer.deleted;
  }
  return deleted;
}

export const createShare = (body: CreateGalleryShareRequest) =>
  postJson<CreateGalleryShareResponse>('/api/gallery/shares', body);

export const revokeShare = async (id: string) =>
  (await (await apiRequest('DELETE', `/api/gallery/shares/${id}`)).json()) as GalleryShare;

export const accessShare = (token: string) =>
  postJson<AccessSharedGalleryResponse>('/api/shared/access', { token });

/** Changes every cached gallery page at once (all tabs and filters). */
export function updateGalleryPages(
  queryClient: QueryClient,
  change: (items: GalleryItem[]) => GalleryItem[],
) {
  queryClient.setQueriesData<GalleryPages>({ queryKey: GALLERY_PAGE_KEY }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
  );
}

/** Reads the gallery again, now. */
export const refetchGallery = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: GALLERY_PAGE_KEY }),
    queryClient.invalidateQueries({ queryKey: GALLERY_LIST_KEY, exact: true }),
  ]);

/**
 * After a change of the images (foundations §9): gallery, edited images, projects and stats are
 * read again, and the other tabs are told (other devices hear it from the server's events).
 */
export const afterImagesChanged = (queryClient: QueryClient) =>
  void serverChanged(queryClient, 'images');
