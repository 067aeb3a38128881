import { Check, Layers, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { TwoStepStep } from './two-step';

/** Where a two-step render stands: step 1 sketch, step 2 photorealistic, complete. */
export function TwoStepStatus({
  step,
  generating,
  onClose,
}: {
  step: TwoStepStep;
  generating: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const stopped = (step === 'step1' || step === 'step2') && !generating;
  const rows: { key: string; label: string; state: 'done' | 'running' | 'blocked' | 'waiting' }[] =
    [
      {
        key: 'step1',
        label: t('editor.twoStep.step1'),
        state: step === 'step1' ? (stopped ? 'blocked' : 'running') : 'done',
      },
      {
        key: 'step2',
        label: t('editor.twoStep.step2'),
        state:
          step === 'step2'
            ? stopped
              ? 'blocked'
              : 'running'
            : step === 'complete'
              ? 'done'
              : step === 'needs-hosted'
                ? 'blocked'
                : 'waiting',
      },
    ];
  return (
    <section
      data-testid="two-step-status"
      aria-labelledby="two-step-title"
      className="rounded-2xl border bg-card p-3 text-sm shadow-sm"
    >
      <div className="flex items-center gap-2">
        <Layers className="size-4 text-primary" />
        <h2 id="two-step-title" className="flex-1 font-semibold">
          {t('editor.presets.names.two-step-render')}
        </h2>
        {(stopped || step === 'complete' || step === 'needs-hosted') && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('editor.video.close')}
            className="grid size-7 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      <ol className="mt-2 grid gap-1.5">
        {rows.map((row, i) => (
          <li key={row.key} className="flex items-center gap-2">
            <span
              className={cn(
                'grid size-5 shrink-0 place-items-center rounded-full border text-[10px] font-bold',
                row.state === 'done' && 'border-primary bg-primary text-primary-foreground',
                row.state === 'running' && 'border-primary text-primary',
              )}
            >
              {row.state === 'done' ? (
                <Check className="size-3" />
              ) : row.state === 'running' ? (
                <Loader2 className="size-3 animate-spin" />
              ) : (
                i + 1
              )}
            </span>
            <span className={cn(row.state === 'blocked' && 'text-muted-foreground line-through')}>
              {row.label}
            </span>
          </li>
        ))}
      </ol>
      {step === 'complete' && (
        <p className="mt-2 font-medium text-primary">{t('editor.twoStep.complete')}</p>
      )}
      {step === 'needs-hosted' && (
        <p className="mt-2 rounded-lg bg-muted px-2.5 py-2 text-xs text-muted-foreground">
          {t('editor.twoStep.needsHosted')}
        </p>
      )}
      {stopped && <p className="mt-2 text-xs text-destructive">{t('editor.twoStep.failed')}</p>}
    </section>
  );
}
