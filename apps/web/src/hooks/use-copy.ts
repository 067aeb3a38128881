import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './use-toast';

export const COPY_RESET_MS = 2000;

/** Copies text; `copied` names what was copied last, for 2 seconds. */
export function useCopy() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
      toast({ title: t('copy.done') });
      setTimeout(() => setCopied((c) => (c === text ? null : c)), COPY_RESET_MS);
    } catch {
      toast({ title: t('copy.failed'), description: t('copy.failedBody'), variant: 'destructive' });
    }
  };
  return { copied, copy };
}
