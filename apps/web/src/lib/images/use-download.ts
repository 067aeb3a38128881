import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/save-blob';
import { downloadHref, fileStemFromPrompt, type DownloadFormat } from './image-urls';

/** Fetches the converted file as a blob and saves it under a name taken from the prompt. */
export function useDownload() {
  const { t } = useTranslation();
  return async (url: string, format: DownloadFormat, prompt?: string | null) => {
    try {
      const res = await fetch(downloadHref(url, format, prompt), { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}`);
      saveBlob(await res.blob(), `${fileStemFromPrompt(prompt)}.${format}`);
      toast({ title: t('editor.download.started') });
    } catch {
      toast({
        title: t('editor.download.failed'),
        description: t('editor.download.failedBody'),
        variant: 'destructive',
      });
    }
  };
}
