import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { checkImageFile } from './file-checks';

/** The browser's checks of a chosen or dropped file, with the catalogue's toast on refusal. */
export function useFileCheck() {
  const { t } = useTranslation();
  return (file: File | undefined): file is File => {
    if (!file) return false;
    const problem = checkImageFile(file);
    if (!problem) return true;
    toast({
      title: t(`editor.errors.${problem}`),
      description: t(`editor.errors.${problem}Body`),
      variant: 'destructive',
    });
    return false;
  };
}
