import { CircleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { bannerVisible, dismissOutOfCreditsBanner, useOutOfCreditsState } from './out-of-credits';
import { useUserStats } from './use-user-stats';

/** Below the header after a 402 or at a balance of 0; dismissable. */
export function OutOfCreditsBanner() {
  const { t } = useTranslation();
  const state = useOutOfCreditsState();
  const stats = useUserStats();
  if (!bannerVisible(state, stats.data?.creditsRemaining)) return null;
  return (
    <div
      role="alert"
      data-testid="out-of-credits-banner"
      className="border-b border-red-500/30 bg-red-50 text-red-950 dark:bg-red-950/40 dark:text-red-100"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <CircleAlert className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{t('credits.banner.title')}</span>{' '}
          <span className="hidden sm:inline">{t('credits.banner.body')}</span>
        </p>
        <Button asChild size="sm" variant="gradient">
          <Link href="/subscribe">{t('credits.banner.subscribe')}</Link>
        </Button>
        <button
          type="button"
          onClick={dismissOutOfCreditsBanner}
          aria-label={t('credits.banner.dismiss')}
          className="grid size-8 cursor-pointer place-items-center rounded-md opacity-70 hover:bg-red-500/10 hover:opacity-100"
        >
          <X className="size-4" />
        </button>
      </div>
    </div>
  );
}
