import type { Batch, QueueResponse } from '@image-lab/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAccountEvent } from '@/lib/live/account-events';
import { batchKey, QUEUE_KEY } from './batch-api';

/** Progress events come several a second while images run: the lists are read at most this often. */
const REFRESH_MS = 700;
/** Someone else's jobs move the places too, and send us no event: read again this often. */
const POLL_MS = 4000;

/** Calls `refresh` at most once per REFRESH_MS, however many events arrive. */
function useThrottled(refresh: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, REFRESH_MS);
  };
}

export const queueIsActive = (queue: QueueResponse | undefined) =>
  Boolean(queue && (queue.jobs.length > 0 || queue.batches.some((b) => b.status === 'running')));

/**
 * The person's queue: single jobs and batches, kept current by the account's live events (an
 * edit or a batch moved, here or on another device) and, while something waits or runs, by a
 * slow poll for the places that other people's jobs change. A visitor (`live` false) polls.
 */
export function useQueue({ live = true, enabled = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery<QueueResponse>({
    queryKey: QUEUE_KEY,
    enabled,
    staleTime: 0,
    refetchInterval: (q) => (queueIsActive(q.state.data) ? POLL_MS : false),
  });
  const refresh = useThrottled(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }));
  useAccountEvent('job-progress', refresh, live && enabled);
  useAccountEvent('batch-progress', refresh, live && enabled);
  return query;
}

/** One batch with its images, live while it runs. */
export function useBatch(id: string | null, { live = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery<{ batch: Batch }>({
    queryKey: batchKey(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.batch.status === 'running' ? (live ? POLL_MS : 1500) : false,
  });
  const refresh = useThrottled(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: batchKey(id) });
  });
  useAccountEvent(
    'batch-progress',
    (data) => {
      if ((data as { batchId?: string } | null)?.batchId === id) refresh();
    },
    live && Boolean(id),
  );
  return query;
}
