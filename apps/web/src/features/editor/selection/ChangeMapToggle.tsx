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
  const { t } = useTranslation();
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
                percent: Math.max(0.1, Math.round(state.changedShare * 1000) / 10),
              })
          : '';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span
        role="status"
        data-testid="change-map-status"
        className="min-w-0 truncate text-xs text-muted-foreground"
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
    </div>
  );
}
