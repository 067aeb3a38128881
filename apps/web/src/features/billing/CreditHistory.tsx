import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCreditHistory } from './api';
import { formatDay, formatDelta, reasonKey } from './format';

/** The account's credit ledger, newest first, ten at a time. */
export function CreditHistory() {
  const { t, i18n } = useTranslation();
  const history = useCreditHistory();
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold">{t('billing.section.history')}</h3>
      {history.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('billing.section.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('billing.section.noHistory')}</p>
      ) : (
        <ul className="mt-2 divide-y rounded-xl border" data-testid="credit-history">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate">{t(reasonKey(entry.reason))}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDay(entry.createdAt, i18n.language)}
                </p>
              </div>
              <span
                className={cn(
                  'font-semibold tabular-nums',
                  entry.delta >= 0
                    ? 'text-emerald-700 dark:text-emerald-300'
                    : 'text-muted-foreground',
                )}
              >
                {formatDelta(entry.delta, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="link"
          size="sm"
          className="mt-1 px-0"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('billing.section.more')}
        </Button>
      )}
    </div>
  );
}
