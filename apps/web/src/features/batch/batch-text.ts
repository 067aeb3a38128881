import type { BatchSummary, QueueJob } from '@image-lab/contract';
import type { TFunction } from 'i18next';

/** "under a minute", "about 4 min", "about 1 h 20 min": estimates, never to the second. */
export function timeLeft(t: TFunction, seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return t('batch.time.underMinute');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('batch.time.minutes', { count: minutes });
  return t('batch.time.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** What a batch applies, as the person chose it: a preset's name, the prompt, the recipe. */
export function operationName(t: TFunction, operation: BatchSummary['operation']): string {
  if (operation.kind === 'recipe') return operation.name ?? t('batch.operation.recipe');
  const [step] = operation.steps;
  if (!step) return '';
  return step.kind === 'preset'
    ? t(`editor.presets.names.${step.preset}`, { defaultValue: step.preset })
    : `“${step.prompt}”`;
}

/** A single job in the queue: its preset's name or the start of its prompt, else its kind. */
export function jobName(t: TFunction, job: Pick<QueueJob, 'kind' | 'label'>): string {
  if (job.label) {
    return t(`editor.presets.names.${job.label}`, { defaultValue: `“${job.label}”` });
  }
  return t(`batch.kinds.${job.kind}`, { defaultValue: t('batch.kinds.other') });
}
