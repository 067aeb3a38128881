import type { CreateGalleryShareRequest, GalleryShare } from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { toastError } from '@/lib/api';
import { createShare, GALLERY_SHARES_KEY, revokeShare } from './gallery-api';

/** The account's gallery share links, newest first. */
export const useShareLinks = (enabled: boolean) =>
  useQuery<GalleryShare[]>({ queryKey: GALLERY_SHARES_KEY, enabled, staleTime: 0 });

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useCreateShare() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGalleryShareRequest) => createShare(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: GALLERY_SHARES_KEY }),
    onError: (error) => toastError(t('gallery.share.failed'), error),
  });
}

/** One image's share button: a link with the default expiry, straight to the clipboard. */
export function useQuickShare() {
  const { t } = useTranslation();
  const { mutate } = useCreateShare();
  return useCallback(
    (imageId: string) =>
      mutate(
        { imageIds: [imageId] },
        {
          onSuccess: async (share) => {
            if (await copyText(share.shareUrl)) {
              toast({
                title: t('gallery.share.copied'),
                description: t('gallery.share.copiedBody'),
              });
            } else {
              toast({ title: t('gallery.share.created'), description: share.shareUrl });
            }
          },
        },
      ),
    [mutate, t],
  );
}

export function useRevokeShare() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeShare(id),
    onSuccess: () => {
      toast({ title: t('gallery.links.revoked') });
      void queryClient.invalidateQueries({ queryKey: GALLERY_SHARES_KEY });
    },
    onError: (error) => toastError(t('gallery.links.revokeFailed'), error),
  });
}
