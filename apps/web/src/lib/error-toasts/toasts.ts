import type { TFunction } from 'i18next';
import { toast } from '@/hooks/use-toast';
import type { ErrorToast, Text } from './error-messages';

const render = (t: TFunction, text: Text) =>
  'key' in text ? t(text.key, text.values ?? {}) : text.text;

/** Shows one of the catalogue's error toasts (nothing for null: a 401 is handled elsewhere). */
export function showErrorToast(t: TFunction, spec: ErrorToast | null) {
  if (!spec) return;
  toast({
    title: render(t, spec.title),
    description: render(t, spec.description),
    variant: 'destructive',
  });
}
