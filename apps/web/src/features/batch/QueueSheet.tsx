import type { BatchSummary, QueueJob } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronRight, Loader2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMayWrite } from '@/hooks/use-may-write';
import { toast } from '@/hooks/use-toast';
import { cancelJob, QUEUE_KEY } from './batch-api';
import { batchErrorText } from './batch-errors';
import { BatchProgress, batchPercent, batchStatusLine, ProgressBar } from './BatchProgress';
import { jobName, operationName, timeLeft } from './batch-text';
import { closeQueue, showBatch, showQueue, useQueueSheet } from './queue-sheet-store';
import { useBatch, useQueue } from './use-queue';

function JobRow({ job, writable }: { job: QueueJob; writable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelJob(job.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      toast({ title: t('batch.toast.cancelled'), description: t('batch.toast.cancelledBody') });
    },
    onError: (error) =>
      toast({
        title: t('batch.errors.cancelTitle'),
        description: batchErrorText(t, error),
        variant: 'destructive',
      }),
  });
  const name = jobName(t, job);
  const left = timeLeft(t, job.estimateSeconds);
  const where =
    job.status === 'running'
      ? t('batch.status.running')
      : job.position
        ? t('batch.status.ahead', { count: job.position })
        : t('batch.status.next');
  return (
    <li className="flex items-center gap-3 py-3" data-testid="queue-job">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p className="truncate text-sm font-medium">{name}</p>
        {job.status === 'running' && <ProgressBar value={job.progress} label={name} />}
        <p className="text-xs text-muted-foreground">
          {[where, left && t('batch.status.left', { time: left })].filter(Boolean).join(' · ')}
        </p>
      </div>
      {writable && (
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t('batch.actions.cancelJob', { name })}
          title={t('batch.actions.cancelJob', { name })}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          <X />
        </Button>
      )}
    </li>
  );
}

function BatchRow({ batch }: { batch: BatchSummary }) {
  const { t } = useTranslation();
  const name = operationName(t, batch.operation);
  return (
    <li>
      <button
        type="button"
        onClick={() => showBatch(batch.id)}
        className="flex w-full cursor-pointer items-center gap-3 rounded-lg py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="queue-batch"
      >
        <div className="grid min-w-0 flex-1 gap-1.5">
          <p className="truncate text-sm font-medium">
            {name}
            <span className="font-normal text-muted-foreground">
              {' · '}
              {t('batch.panel.images', { count: batch.counts.total })}
            </span>
          </p>
          {batch.status === 'running' && <ProgressBar value={batchPercent(batch)} label={name} />}
          <p className="text-xs text-muted-foreground">{batchStatusLine(t, batch)}</p>
        </div>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </button>
    </li>
  );
}

function QueueList() {
  const { t } = useTranslation();
  const writable = useMayWrite();
  const queue = useQueue();
  if (queue.isPending) {
    return <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" />;
  }
  const jobs = queue.data?.jobs ?? [];
  const batches = queue.data?.batches ?? [];
  const active = batches.filter((b) => b.status === 'running');
  const recent = batches.filter((b) => b.status !== 'running');
  return (
    <div className="grid gap-5">
      <section aria-labelledby="queue-active">
        <h3 id="queue-active" className="text-xs font-semibold uppercase text-muted-foreground">
          {t('batch.panel.active')}
        </h3>
        {jobs.length + active.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">{t('batch.panel.empty')}</p>
        ) : (
          <ul className="divide-y">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} writable={writable} />
            ))}
            {active.map((batch) => (
              <BatchRow key={batch.id} batch={batch} />
            ))}
          </ul>
        )}
      </section>
      {recent.length > 0 && (
        <section aria-labelledby="queue-recent">
          <h3 id="queue-recent" className="text-xs font-semibold uppercase text-muted-foreground">
            {t('batch.panel.recent')}
          </h3>
          <ul className="divide-y">
            {recent.map((batch) => (
              <BatchRow key={batch.id} batch={batch} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function BatchDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const writable = useMayWrite();
  const batch = useBatch(id);
  return (
    <div className="grid gap-4">
      <Button variant="ghost" size="sm" className="w-fit" onClick={showQueue}>
        <ArrowLeft />
        {t('batch.panel.back')}
      </Button>
      {batch.data ? (
        <BatchProgress batch={batch.data.batch} guest={false} readOnly={!writable} />
      ) : batch.isError ? (
        <p className="text-sm text-muted-foreground">{t('batch.errors.gone')}</p>
      ) : (
        <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" />
      )}
    </div>
  );
}

/** The queue as a panel at the side: everything that waits or runs, and one batch in detail. */
export function QueueSheet() {
  const { t } = useTranslation();
  const { open, batchId } = useQueueSheet();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeQueue()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="queue-sheet"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l bg-card text-foreground shadow-2xl outline-none"
        >
          <div className="flex items-start gap-3 border-b p-4 sm:p-5">
            <div className="grid flex-1 gap-1">
              <Dialog.Title className="text-lg font-semibold">
                {t('batch.panel.title')}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {t('batch.panel.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:p-5">
            {batchId ? <BatchDetail id={batchId} /> : <QueueList />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
