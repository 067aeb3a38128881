import type { Batch, BatchItem, BatchSummary } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Check, Download, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { optimizedSrc } from '@/lib/images/image-urls';
import { cn } from '@/lib/utils';
import { batchKey, cancelBatch, cancelBatchItem, downloadBatch, QUEUE_KEY } from './batch-api';
import { batchErrorText, codeText } from './batch-errors';
import { operationName, timeLeft } from './batch-text';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="brand-gradient h-full rounded-full transition-[width] duration-500"
        style={{ width: `${Math.max(value > 0 ? 3 : 0, Math.min(100, value))}%` }}
      />
    </div>
  );
}

/** Where a batch stands, in one line: waiting behind others, running with time left, or done. */
export function batchStatusLine(t: TFunction, batch: BatchSummary): string {
  const { counts } = batch;
  const ended = counts.succeeded + counts.failed + counts.cancelled;
  if (batch.status !== 'running') {
    const parts = [t('batch.status.done', { done: counts.succeeded, total: counts.total })];
    if (counts.failed) parts.push(t('batch.counts.failed', { count: counts.failed }));
    if (counts.cancelled) parts.push(t('batch.counts.cancelled', { count: counts.cancelled }));
    return parts.join(' · ');
  }
  const parts = [t('batch.status.progress', { done: ended, total: counts.total })];
  if (batch.position !== null && batch.position > 0) {
    parts.push(t('batch.status.ahead', { count: batch.position }));
  }
  const left = timeLeft(t, batch.estimateSeconds);
  if (left) parts.push(t('batch.status.left', { time: left }));
  return parts.join(' · ');
}

/** Overall progress: finished images count whole, running ones by their own progress. */
export function batchPercent(batch: Batch | BatchSummary): number {
  const { counts } = batch;
  if (counts.total === 0) return 0;
  const ended = counts.succeeded + counts.failed + counts.cancelled;
  const running =
    'items' in batch
      ? batch.items.filter((i) => i.status === 'running').reduce((s, i) => s + i.progress, 0) / 100
      : 0;
  return ((ended + running) / counts.total) * 100;
}

function creditsLine(t: TFunction, batch: BatchSummary, guest: boolean) {
  const { used, refunded, held } = batch.credits;
  const unit = guest ? 'free' : 'credits';
  const parts = held > 0 ? [t(`batch.${unit}.held`, { count: held })] : [];
  if (used > 0 || held === 0) parts.push(t(`batch.${unit}.used`, { count: used }));
  if (refunded > 0) parts.push(t(`batch.${unit}.refunded`, { count: refunded }));
  return parts.join(' · ');
}

const STATUS_ICON = {
  queued: null,
  running: <Loader2 className="size-3.5 animate-spin text-primary" aria-hidden />,
  succeeded: <Check className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />,
  failed: <X className="size-3.5 text-destructive" aria-hidden />,
  cancelled: <Ban className="size-3.5 text-muted-foreground" aria-hidden />,
} as const;

function ItemRow({
  item,
  n,
  onCancel,
  cancelling,
}: {
  item: BatchItem;
  n: number;
  onCancel?(): void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const picture = item.resultUrl ?? item.sourceUrl;
  const label = item.name ?? t('batch.item.label', { n });
  return (
    <li className="flex items-center gap-3 py-2" data-testid="batch-item" data-status={item.status}>
      <img
        src={optimizedSrc(picture, 48, 2)}
        alt=""
        className={cn(
          'size-12 shrink-0 rounded-lg bg-muted object-cover',
          item.status === 'cancelled' && 'opacity-40 grayscale',
        )}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex items-center gap-1.5 text-sm">
          <span className="truncate font-medium">{label}</span>
          {STATUS_ICON[item.status]}
          <span className="text-muted-foreground">{t(`batch.item.${item.status}`)}</span>
        </p>
        {item.status === 'running' && <ProgressBar value={item.progress} label={label} />}
        {item.status === 'failed' && (
          <p className="text-xs text-destructive">{codeText(t, item.code)}</p>
        )}
      </div>
      {onCancel && (
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t('batch.actions.cancelImage', { name: label })}
          title={t('batch.actions.cancelImage', { name: label })}
          disabled={cancelling}
          onClick={onCancel}
        >
          <X />
        </Button>
      )}
    </li>
  );
}

/** One batch: where it stands, its images one by one, cancel (all or one) and download all. */
export function BatchProgress({
  batch,
  guest,
  readOnly,
}: {
  batch: Batch;
  guest: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settle = (next: Batch) => {
    queryClient.setQueryData(batchKey(next.id), { batch: next });
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  };
  const failed = (error: unknown) =>
    toast({
      title: t('batch.errors.cancelTitle'),
      description: batchErrorText(t, error),
      variant: 'destructive',
    });
  const cancelAll = useMutation({
    mutationFn: () => cancelBatch(batch.id),
    onSuccess: (next) => {
      settle(next);
      toast({ title: t('batch.toast.cancelled'), description: t('batch.toast.cancelledBody') });
    },
    onError: failed,
  });
  const cancelOne = useMutation({
    mutationFn: (itemId: string) => cancelBatchItem(batch.id, itemId),
    onSuccess: settle,
    onError: failed,
  });
  const download = useMutation({
    mutationFn: () => downloadBatch(batch.id),
    onError: (error) =>
      toast({
        title: t('batch.errors.downloadTitle'),
        description: batchErrorText(t, error),
        variant: 'destructive',
      }),
  });
  const running = batch.status === 'running';
  const name = operationName(t, batch.operation);
  return (
    <section className="grid gap-3" aria-label={name} data-testid="batch-progress">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold">{name}</h3>
        {batch.project && (
          <p className="text-sm text-muted-foreground">
            {t('batch.into', { project: batch.project.name })}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <ProgressBar value={batchPercent(batch)} label={name} />
        <p className="text-sm" aria-live="polite" data-testid="batch-status">
          {batchStatusLine(t, batch)}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="batch-credits">
          {creditsLine(t, batch, guest)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {batch.counts.succeeded > 0 && (
          <Button
            size="sm"
            onClick={() => download.mutate()}
            disabled={download.isPending}
            data-testid="batch-download"
          >
            {download.isPending ? <Loader2 className="animate-spin" /> : <Download />}
            {download.isPending
              ? t('batch.actions.downloading')
              : t('batch.actions.download', { count: batch.counts.succeeded })}
          </Button>
        )}
        {running && !readOnly && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => cancelAll.mutate()}
            disabled={cancelAll.isPending}
          >
            <Ban />
            {t('batch.actions.cancelBatch')}
          </Button>
        )}
      </div>
      <ol className="divide-y" aria-label={t('batch.item.list')}>
        {batch.items.map((item) => (
          <ItemRow
            key={item.id}
            item={item}
            n={item.position + 1}
            cancelling={cancelOne.isPending && cancelOne.variables === item.id}
            onCancel={
              !readOnly && (item.status === 'queued' || item.status === 'running')
                ? () => cancelOne.mutate(item.id)
                : undefined
            }
          />
        ))}
      </ol>
    </section>
  );
}
