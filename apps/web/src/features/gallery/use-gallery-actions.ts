import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { toastError } from '@/lib/api';
import {
  afterImagesChanged,
  deleteImages,
  galleryPageKey,
  reorderImage,
  setFavorite,
  setPublished,
  updateGalleryPages,
  type GalleryFilter,
  type GalleryPages,
} from './gallery-api';
import { reorderPages, type Move } from './reorder';
import { serverChanged } from '@/lib/server-changes';

/** The gallery's writes: favourite, publish, delete and reorder, each telling the other tabs after. */
export function useGalleryActions(filter: GalleryFilter) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const favorite = useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => setFavorite(id, value),
    onMutate: ({ id, value }) =>
      updateGalleryPages(queryClient, (items) =>
        items.map((item) => (item.id === id ? { ...item, favorite: value } : item)),
      ),
    onError: (error, { id, value }) => {
      updateGalleryPages(queryClient, (items) =>
        items.map((item) => (item.id === id ? { ...item, favorite: !value } : item)),
      );
      toastError(t('gallery.favoriteFailed'), error);
    },
    onSuccess: () => {
      void serverChanged(queryClient, 'images');
    },
  });

  const publish = useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => setPublished(id, value),
    onSuccess: (_item, { id, value }) => {
      updateGalleryPages(queryClient, (items) =>
        items.map((item) => (item.id === id ? { ...item, published: value } : item)),
      );
      toast({ title: value ? t('gallery.publish.done') : t('gallery.publish.removed') });
      void serverChanged(queryClient, 'images');
    },
    onError: (error) => toastError(t('gallery.publish.failed'), error),
  });

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteImages(ids),
    onSuccess: (deleted, ids) => {
      const gone = new Set(ids);
      updateGalleryPages(queryClient, (items) => items.filter((item) => !gone.has(item.id)));
      toast({ title: t('gallery.delete.done', { count: deleted }) });
      afterImagesChanged(queryClient);
    },
    onError: (error) => toastError(t('gallery.delete.failed'), error),
  });

  // Optimistic: the tile moves at once; the old order comes back if the server refuses.
  const reorder = useMutation({
    mutationFn: ({ id, move }: { id: string; move: Move }) =>
      reorderImage({
        id,
        ...(move.beforeId ? { beforeId: move.beforeId } : {}),
        ...(move.afterId ? { afterId: move.afterId } : {}),
      }),
    onMutate: async ({ move }) => {
      const key = galleryPageKey(filter);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<GalleryPages>(key);
      if (before) {
        const pages = reorderPages(
          before.pages.map((p) => p.items),
          move.order,
        );
        queryClient.setQueryData<GalleryPages>(key, {
          ...before,
          pages: before.pages.map((p, i) => ({ ...p, items: pages[i] ?? [] })),
        });
      }
      return { key, before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(context.key, context.before);
      toastError(t('gallery.reorderFailed'), error);
    },
    onSuccess: () => {
      void serverChanged(queryClient, 'images');
    },
  });

  return { favorite, publish, remove, reorder };
}
