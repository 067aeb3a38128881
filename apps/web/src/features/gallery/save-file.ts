import { useTranslation } from 'react-i18next';
import { downloadHref, fileStemFromPrompt } from '@/lib/images/image-urls';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/save-blob';

/**
 * Saves a file under a name. It is fetched first, so a refused answer is reported instead of
 * being saved as a broken image. Works for the gallery's download proxy and a share's images.
 */
export async function saveFile(href: string, filename: string): Promise<boolean> {
  try {
    const res = await fetch(href, { credentials: 'include' });
    if (!res.ok) return false;
    saveBlob(await res.blob(), filename);
    return true;
  } catch {
    return false;
  }
}

/** Saves a file and says so, with the editor's download texts. */
export function useSaveFile() {
  const { t } = useTranslation();
  return async (href: string, filename: string) => {
    if (await saveFile(href, filename)) toast({ title: t('editor.download.started') });
    else {
      toast({
        title: t('editor.download.failed'),
        description: t('editor.download.failedBody'),
        variant: 'destructive',
      });
    }
  };
}

/** One of the account's images as a JPG named after its prompt (as the editor names them). */
export const imageDownload = (url: string, prompt?: string | null) => ({
  href: downloadHref(url, 'jpg', prompt),
  filename: `${fileStemFromPrompt(prompt)}.jpg`,
});
