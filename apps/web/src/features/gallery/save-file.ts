import { useTranslation } from 'react-i18next';
import { downloadHref, fileStemFromPrompt } from '@/features/editor/canvas/image-urls';
import { toast } from '@/hooks/use-toast';

const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file under a name. It is fetched first, so a refused answer is reported instead of
 * being saved as a broken image. Works for the gallery's download proxy and a share's images.
 */
export async function saveFile(href: string, filename: string): Promise<boolean> {
  try {
    const res = await fetch(href, { credentials: 'include' });
    if (!res.ok) return false;
    const objectUrl = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
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
