import type { DownloadAllImagesRequest, EditedImageRecord } from '@image-lab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { apiRequest, failureOf } from '@/lib/api';
import { MAX_DOWNLOAD_ALL_IMAGES } from '@/lib/contract-values';
import { useIsGuest } from '@/providers/editor-mode';
import { sessionIdFor } from '@/lib/session-id';
import { saveBlob } from '@/lib/save-blob';
import { useEditedImages } from '../api';
import { byAge } from '../history/history-tree';

export const ZIP_FILENAME = 'image-lab-images.zip';

type ZipImage = DownloadAllImagesRequest['images'][number];

/**
 * What "Download all" puts in the zip: the images of this editor session (every record carries
 * the session id it was made in); when the session made none, e.g. on another device or after
 * the session id was renewed, every image of the history panel instead, so the button never
 * comes up empty while images are on screen. Oldest first, so the numbers in the zip follow
 * the order of the edits; the newest 100 when there are more (the server's limit).
 */
export function imagesToZip(records: readonly EditedImageRecord[], sessionId: string): ZipImage[] {
  const inSession = records.filter((r) => r.sessionId === sessionId);
  const chosen = inSession.length > 0 ? inSession : records;
  const seen = new Set<string>();
  const unique = [...chosen].sort(byAge).filter((r) => {
    if (seen.has(r.imageUrl)) return false;
    seen.add(r.imageUrl);
    return true;
  });
  return unique
    .slice(-MAX_DOWNLOAD_ALL_IMAGES)
    .map((r) => ({ url: r.imageUrl, prompt: r.prompt || null }));
}

/** Signed-in people zip their account's images; guests only the files made for them. */
export const zipEndpoint = (guest: boolean) =>
  guest ? '/api/download-all-images-guest' : '/api/download-all-images';

/** Whether a failed call is the server saying there was nothing to download. */
export const isNoImagesError = (error: unknown) => failureOf(error).code === 'no_images';

/** "Download all": the session's images as one zip, with the catalogue's toasts. */
export function useDownloadAll() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const { user } = useCurrentUser();
  const images = useEditedImages();
  const [preparing, setPreparing] = useState(false);

  const noImages = () =>
    toast({
      title: t('editor.downloadAll.noImages'),
      description: t('editor.downloadAll.noImagesBody'),
    });

  const downloadAll = async () => {
    const sessionId = sessionIdFor(user?.id ?? 'guest');
    const list = imagesToZip(images.data ?? [], sessionId);
    if (list.length === 0) return noImages();
    setPreparing(true);
    try {
      const res = await apiRequest('POST', zipEndpoint(guest), { images: list });
      if (!res.headers.get('content-type')?.startsWith('application/zip')) {
        throw new Error('not a zip');
      }
      saveBlob(await res.blob(), ZIP_FILENAME);
      toast({ title: t('editor.download.started') });
    } catch (error) {
      if (isNoImagesError(error)) return noImages();
      toast({
        title: t('editor.download.failed'),
        description: t('editor.downloadAll.failedBody'),
        variant: 'destructive',
      });
    } finally {
      setPreparing(false);
    }
  };

  return { downloadAll, preparing };
}
