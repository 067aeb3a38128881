import { Loader2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Over the canvas while an upload or a generation runs; progress comes from the job's events. */
export function BusyOverlay({
  kind,
  progress,
}: {
  kind: 'uploading' | 'generating';
  progress: number | null;
}) {
  const { t } = useTranslation();
  const label = kind === 'generating' ? t('editor.generating') : t('editor.uploading');
  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-background/55 backdrop-blur-[2px]">
      <div
        role="status"
        aria-live="polite"
        className="flex w-64 flex-col items-center gap-3 rounded-2xl border bg-card/95 px-6 py-5 text-center shadow-xl"
      >
        {kind === 'generating' ? (
          <Sparkles className="size-7 animate-pulse text-primary" />
        ) : (
          <Loader2 className="size-7 animate-spin text-primary" />
        )}
        <p className="font-semibold">{label}</p>
        {kind === 'generating' && (
          <div className="w-full">
            <div
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress ?? undefined}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              {progress === null ? (
                <div className="h-full w-full animate-pulse rounded-full bg-primary/50" />
              ) : (
                <div
                  className="brand-gradient h-full rounded-full transition-[width] duration-500"
                  style={{ width: `${Math.max(4, progress)}%` }}
                />
              )}
            </div>
            <p className="mt-1.5 text-xs tabular-nums text-muted-foreground">
              {progress === null ? t('editor.startingJob') : `${progress}%`}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
