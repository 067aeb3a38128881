import { AlertTriangle, Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { creditLevel, creditWarning } from './credit-levels';
import { useLiveCredits, useUserStats } from './use-user-stats';

const LEVEL_CLASS = {
  high: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  medium: 'border-amber-500/50 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  low: 'border-red-500/50 bg-red-500/10 text-red-700 dark:text-red-300',
} as const;

const pill =
  'inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-semibold';

/** Remaining credits in the header; only rendered for signed-in people. */
export function CreditsBadge() {
  const { t } = useTranslation();
  const stats = useUserStats();
  useLiveCredits();

  if (stats.isPending) {
    return (
      <span role="status" className={cn(pill, 'text-muted-foreground')}>
        <Coins className="size-3.5" />
        {t('credits.loading')}
      </span>
    );
  }
  if (stats.isError) {
    return (
      <span role="status" className={cn(pill, LEVEL_CLASS.low)}>
        <Coins className="size-3.5" />
        {t('credits.error')}
      </span>
    );
  }
  const credits = stats.data.creditsRemaining;
  const level = creditLevel(credits);
  const warning = creditWarning(credits);
  const label = t('credits.remaining', { count: credits });
  return (
    <Tooltip content={t('credits.tooltip')}>
      <Link
        href="/subscribe"
        aria-label={label}
        data-testid="credits-badge"
        data-level={level}
        className={cn(
          pill,
          'tabular-nums transition-colors hover:brightness-95',
          LEVEL_CLASS[level],
        )}
      >
        <Coins className="size-3.5" />
        {/* Spaced in the text too: the name read out ("9 credits remaining") holds "9 credits". */}
        <span>{credits}</span>{' '}
        <span className="hidden sm:inline">{t('credits.unit', { count: credits })}</span>
        {warning === 'critical' && (
          <span
            aria-hidden
            className="grid size-4 place-items-center rounded-full bg-red-600 text-[10px] font-bold text-white"
          >
            !
          </span>
        )}
        {warning === 'warning' && <AlertTriangle aria-hidden className="size-3.5" />}
      </Link>
    </Tooltip>
  );
}
