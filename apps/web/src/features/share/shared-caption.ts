import type { SharedProjectImage } from '@image-lab/contract';
import { useTranslation } from 'react-i18next';

/**
 * What a visitor reads under a shared image: its prompt, or in their language what made it
 * ("Cartoon preset", "Cropped"); null for an upload. Never an internal name.
 */
export function useSharedCaption() {
  const { t } = useTranslation();
  return (image: Pick<SharedProjectImage, 'prompt' | 'made' | 'preset'>): string | null => {
    if (image.made === 'crop') return t('editor.history.crop');
    if (image.made === 'preset' && image.preset) {
      const name = t(`editor.presets.names.${image.preset}`, { defaultValue: image.preset });
      return t('editor.history.preset', { name });
    }
    return image.prompt;
  };
}
