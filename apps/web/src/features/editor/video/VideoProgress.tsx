import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useElapsed } from './use-elapsed';
import { formatElapsed } from './video-helpers';

/** The running timer while a video generates (working areas §2). */
export function VideoProgress({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation();
  const elapsed = useElapsed(startedAt, true);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 rounded-xl border bg-muted/50 px-3 py-2.5"
    >
      <Clapperboard className="size-5 shrink-0 animate-pulse text-primary" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t('editor.video.generating')}</p>
        <div className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full bg-muted">
          <div className="h-full w-full animate-pulse rounded-full bg-primary/50" />
        </div>
      </div>
      <time
        data-testid="video-timer"
        className="shrink-0 font-mono text-sm tabular-nums text-muted-foreground"
      >
        {formatElapsed(elapsed)}
      </time>
    </div>
  );
}
