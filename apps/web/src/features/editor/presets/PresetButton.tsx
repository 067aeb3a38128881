import { Loader2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { PressKind } from './preset-catalogue';
import { HOLD_TO_LOCK_MS, useHoldToLock } from './use-hold-to-lock';

/** A preset: press to apply, hold 1 s to lock it for every new upload (the AUTO marker). */
export function PresetButton({
  label,
  swatch,
  locked,
  running,
  disabled,
  onRelease,
}: {
  label: string;
  swatch?: string;
  locked: boolean;
  running: boolean;
  disabled: boolean;
  onRelease(kind: PressKind): void;
}) {
  const { t } = useTranslation();
  const { pressing, handlers } = useHoldToLock(onRelease, disabled);
  return (
    <button
      type="button"
      disabled={disabled}
      aria-pressed={locked}
      title={t('editor.presets.holdHint')}
      data-locked={locked || undefined}
      {...handlers}
      className={cn(
        'relative flex h-10 min-w-0 cursor-pointer touch-manipulation select-none items-center gap-2 rounded-lg border bg-background px-2.5 text-left text-xs font-medium transition-colors',
        'hover:border-primary/50 hover:bg-primary/5 disabled:cursor-default disabled:opacity-50',
        locked && 'border-primary bg-primary/10 text-primary',
        pressing && 'border-primary',
      )}
    >
      {running ? (
        <Loader2 className="size-3.5 shrink-0 animate-spin text-primary" />
      ) : swatch ? (
        <span
          className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10"
          style={{ background: swatch }}
        />
      ) : null}
      <span className="line-clamp-2 leading-tight hyphens-auto [overflow-wrap:anywhere]">
        {label}
      </span>
      {(pressing || locked) && (
        <span className="absolute -top-2 right-1.5 flex items-center gap-0.5 rounded bg-primary px-1 text-[9px] font-bold leading-[14px] tracking-wide text-primary-foreground shadow-sm">
          {locked && <Lock className="size-2" />}
          {t('editor.presets.auto')}
        </span>
      )}
      <span
        aria-hidden
        className="absolute inset-x-2 bottom-0.5 h-0.5 origin-left rounded-full bg-primary ease-linear"
        style={{
          transform: `scaleX(${pressing ? 1 : 0})`,
          transitionProperty: 'transform',
          transitionDuration: pressing ? `${HOLD_TO_LOCK_MS}ms` : '0ms',
        }}
      />
    </button>
  );
}
