import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';

export const VERIFIED_RELOAD_DELAY_MS = 1500;

/** `/?verified=true` after the e-mail link: say so, clean the address, reload as signed in. */
export function useVerifiedToast() {
  const { t } = useTranslation();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('verified') !== 'true') return;
    toast({
      title: t('toast.emailVerified.title'),
      description: t('toast.emailVerified.description'),
    });
    window.history.replaceState(null, '', '/');
    const timer = setTimeout(() => window.location.reload(), VERIFIED_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);
}
