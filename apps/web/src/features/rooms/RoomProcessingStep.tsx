import type { RoomUpload } from '@image-lab/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountEvent } from '@/lib/live/account-events';
import { toast } from '@/hooks/use-toast';
import { permissionRefusal } from '@/lib/api';
import { roomKey, startRoomProcessing } from './api';
import { serverChanged } from '@/lib/server-changes';

/**
 * Step 2: starts processing (once) and shows its progress — live from /api/events when signed
 * in, and from the design itself every 1.5 s (guests, or a dropped stream).
 */
export function RoomProcessingStep({
  uploadId,
  signedIn,
  onDone,
  onFailed,
}: {
  uploadId: string;
  signedIn: boolean;
  onDone(): void;
  onFailed(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const [live, setLive] = useState(0);
  const design = useQuery<RoomUpload>({ queryKey: roomKey(uploadId), refetchInterval: 1500 });

  useEffect(() => {
    if (!design.data || started.current) return;
    started.current = true;
    // Already processing when the screen opened (a reload): follow that job.
    const running = design.data.status === 'processing' ? design.data.jobId : null;
    if (running) void Promise.resolve(running).then(setStartedJob);
    if (design.data.status === 'processing' || design.data.status === 'completed') return;
    startRoomProcessing(uploadId)
      .then((r) => setStartedJob(r.jobId))
      .catch((error: unknown) => {
        toast({
          title: t('roomDesign.processingFailed'),
          description: permissionRefusal(error) ?? t('roomDesign.processingFailedBody'),
          variant: 'destructive',
        });
        onFailed();
      });
  }, [design.data, uploadId, onFailed, t]);

  const jobId = startedJob;
  useAccountEvent(
    'job-progress',
    (data) => {
      const event = data as { jobId?: string; progress?: number } | null;
      if (event?.jobId === jobId && typeof event.progress === 'number') {
        setLive((p) => Math.max(p, event.progress!));
      }
    },
    signedIn && jobId !== null,
  );

  const status = design.data?.status;
  useEffect(() => {
    if (status === 'completed') {
      toast({ title: t('roomDesign.completed') });
      void serverChanged(queryClient, 'rooms');
      onDone();
    } else if (status === 'failed' && jobId && design.data?.jobId === jobId) {
      toast({
        title: t('roomDesign.processingFailed'),
        description: t('roomDesign.processingFailedBody'),
        variant: 'destructive',
      });
      onFailed();
    }
  }, [status, jobId, design.data?.jobId, onDone, onFailed, queryClient, t]);

  const progress = Math.max(live, design.data?.progress ?? 0);
  const stage = progress < 10 ? 'detecting' : progress < 60 ? 'removing' : 'styling';
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 rounded-2xl border bg-card px-6 py-12 text-center">
      {design.data ? (
        <img
          src={design.data.originalImageUrl}
          alt={t('roomDesign.original')}
          className="max-h-64 rounded-xl object-contain"
        />
      ) : null}
      <div className="flex items-center gap-2 text-lg font-semibold">
        <Loader2 className="size-5 animate-spin text-primary" />
        {t('roomDesign.processing')}
      </div>
      <p className="text-sm text-muted-foreground">{t(`roomDesign.stage.${stage}`)}</p>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={t('roomDesign.processing')}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="brand-gradient h-full transition-[width] duration-500"
          style={{ width: `${Math.max(3, progress)}%` }}
        />
      </div>
      <p className="text-sm tabular-nums text-muted-foreground" data-testid="room-progress">
        {progress}%
      </p>
    </div>
  );
}
