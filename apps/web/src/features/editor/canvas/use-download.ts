import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { downloadHref, fileStemFromPrompt, type DownloadFormat } from './image-urls';

const REVOKE_AFTER_MS = 60_000;

/** Fetches the converted file as a blob and saves it under a name taken from the prompt. */
export function useDownload() {
  const { t } = useTranslation();
  return async (url: string, format: DownloadFormat, prompt?: string | null) => {
    try {
      const res = await fetch(downloadHref(url, format, prompt), { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}`);
      const objectUrl = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = `${fileStemFromPrompt(prompt)}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
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
