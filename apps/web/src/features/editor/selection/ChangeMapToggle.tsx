import { ScanEye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ChangeMapState } from './use-change-map';

/** Shows or hides where the result differs from the step before it (key M). */
export function ChangeMapToggle({
  on,
  state,
  onToggle,
}: {
  on: boolean;
  state: ChangeMapState;
  onToggle(): void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const label = on ? t('editor.changeMap.hide') : t('editor.changeMap.show');
  const status =
    state.status === 'loading'
      ? t('editor.changeMap.loading')
      : state.status === 'failed'
        ? t('editor.changeMap.failed')
        : state.status === 'ready'
          ? state.changedShare === 0
            ? t('editor.changeMap.none')
            : t('editor.changeMap.share', {
                percent: number.format(Math.max(0.1, state.changedShare * 100)),
              })
          : '';
  return (
    <>
      <span
        role="status"
        data-testid="change-map-status"
        className="order-last basis-full text-right text-xs text-muted-foreground empty:hidden"
      >
        {status}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-pressed={on}
        aria-keyshortcuts="M"
        title={`${label} (M)`}
        data-testid="change-map-toggle"
        onClick={onToggle}
        className={cn('h-8 shrink-0', on && 'border-fuchsia-500/60 bg-fuchsia-500/10')}
      >
        <ScanEye />
        {label}
      </Button>
    </>
  );
}
