import { useQueryClient } from '@tanstack/react-query';
import { FolderUp, ImagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GUEST_ALLOWANCE_KEY } from '@/lib/query-keys';
import { BatchProgress } from './BatchProgress';
import { useBatchIntake } from './use-batch-intake';
import { useBatch } from './use-queue';

/**
 * A visitor's batch: drop a folder or a zip (or choose images) and apply a preset or a prompt
 * to all of them within the day's free edits; the batch shows here, read again while it runs
 * (a visitor has no live stream).
 */
export function GuestBatch() {
  const { t } = useTranslation();
  const [batchId, setBatchId] = useState<string | null>(null);
  const intake = useBatchIntake({ guest: true, onStarted: (batch) => setBatchId(batch.id) });
  const batch = useBatch(batchId, { live: false });
  const queryClient = useQueryClient();
  const ended = batch.data ? batch.data.batch.status !== 'running' : false;
  useEffect(() => {
    // Failed or cancelled images gave their free edits back: the banner counts again.
    if (ended) void queryClient.invalidateQueries({ queryKey: GUEST_ALLOWANCE_KEY });
  }, [ended, queryClient]);
  return (
    <section
      className="relative grid gap-4 rounded-2xl border bg-card p-5"
      aria-labelledby="guest-batch-heading"
      data-testid="guest-batch"
      {...intake.dropHandlers}
    >
      <div className="grid gap-1">
        <h3 id="guest-batch-heading" className="font-semibold">
          {t('batch.guest.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('batch.guest.body')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={intake.chooseFiles}>
          <ImagePlus />
          {t('batch.chooseFiles')}
        </Button>
        <Button variant="outline" onClick={intake.chooseFolder}>
          <FolderUp />
          {t('batch.chooseFolder')}
        </Button>
      </div>
      {intake.element}
      {batch.data && <BatchProgress batch={batch.data.batch} guest readOnly={false} />}
    </section>
  );
}
