import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/save-blob';

/** Stored images may be JPEG or WebP; the spec's file name says PNG, so the bytes become PNG. */
async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('no png'))), 'image/png'),
    );
  } finally {
    bitmap.close();
  }
}

/** Fetches the image as a blob and saves it under the given name (foundations §7). */
export function useSharedDownload() {
  const { t } = useTranslation();
  return async (url: string, fileName: string) => {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(String(res.status));
      saveBlob(await asPng(await res.blob()), fileName);
    } catch {
      toast({
        title: t('share.page.downloadFailed'),
        description: t('share.page.downloadFailedBody'),
        variant: 'destructive',
      });
    }
  };
}

/** The page's own link: the share sheet where there is one, else the clipboard. */
export function useSharePage() {
  const { t } = useTranslation();
  return async (title: string) => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.page.linkCopied'), description: t('share.page.linkCopiedBody') });
    } catch {
      toast({
        title: t('share.copyFailed'),
        description: t('share.copyFailedBody'),
        variant: 'destructive',
      });
    }
  };
}
