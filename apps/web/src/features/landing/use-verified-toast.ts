import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadToastRegion } from '@/components/ui/toaster';
import { toast } from '@/hooks/use-toast';

export const VERIFIED_RELOAD_DELAY_MS = 1500;

/** Once per page load: the effect may run again (new `t`), the address is clean by then. */
let handled = false;

/** `/?verified=true` after the e-mail link: say so, clean the address, reload as signed in. */
export function useVerifiedToast() {
  const { t } = useTranslation();
  useEffect(() => {
    if (handled) return;
    const params = new URLSearchParams(window.location.search);
    if (params.get('verified') !== 'true') return;
    handled = true;
    toast({
      title: t('toast.emailVerified.title'),
      description: t('toast.emailVerified.description'),
    });
    window.history.replaceState(null, '', '/');
    // The delay counts from when the toast's code is there (it loads with the first toast), so a
    // slow load cannot reload the page before the toast was seen. Not cleared when the effect
    // re-runs or the landing unmounts: a re-render must not cancel the reload.
    const reload = () => setTimeout(() => window.location.reload(), VERIFIED_RELOAD_DELAY_MS);
    loadToastRegion().then(reload, reload);
  }, [t]);
}
