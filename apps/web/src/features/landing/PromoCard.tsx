import { Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

const DISMISSED_KEY = 'promoDismissed';
export const PROMO_SCROLL_THRESHOLD = 0.5;

const isDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Appears once the visitor has scrolled past half the page; dismissed for the session. */
export function PromoCard() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(isDismissed);
  const [pastHalf, setPastHalf] = useState(false);

  useEffect(() => {
    if (dismissed) return;
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable > PROMO_SCROLL_THRESHOLD) setPastHalf(true);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [dismissed]);

  if (dismissed || !pastHalf) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Still hidden for this page view.
    }
    setDismissed(true);
  };
  return (
    <aside
      data-testid="promo-card"
      className="fixed bottom-4 left-4 right-4 z-30 rounded-2xl border bg-card p-5 shadow-2xl sm:left-auto sm:w-80"
    >
      <button
        type="button"
        data-testid="promo-dismiss"
        aria-label={t('landing.promo.dismiss')}
        onClick={dismiss}
        className="absolute right-3 top-3 cursor-pointer rounded-md p-1 text-muted-foreground hover:bg-muted"
      >
        <X className="size-4" />
      </button>
      <span className="grid size-10 place-items-center rounded-xl brand-gradient text-white">
        <Sparkles className="size-5" />
      </span>
      <p className="mt-3 font-semibold">{t('landing.promo.title')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('landing.promo.body')}</p>
      <Button asChild variant="gradient" className="mt-4 w-full">
        <Link href="/signup">{t('landing.promo.button')}</Link>
      </Button>
    </aside>
  );
}
