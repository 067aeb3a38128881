import { VIDEO_DOWNLOAD_FAILED } from '@image-lab/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/save-blob';

/** Saves the MP4 as a file; any failure shows the catalogue's 'Could not download the video.' */
export function useDownloadVideo() {
  const { t } = useTranslation();
  return async (videoUrl: string, fileName: string) => {
    try {
      const res = await fetch(videoUrl, { credentials: 'include' });
      if (!res.ok) throw new Error(String(res.status));
      saveBlob(await res.blob(), fileName);
      toast({ title: t('editor.download.started') });
    } catch {
      toast({
        title: t('editor.download.failed'),
        description: t('editor.video.downloadFailed', { defaultValue: VIDEO_DOWNLOAD_FAILED }),
        variant: 'destructive',
      });
    }
  };
}
