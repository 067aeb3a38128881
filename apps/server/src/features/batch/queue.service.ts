import type { FastifyInstance } from 'fastify';
import type { QueueJob } from '@image-lab/contract';
import { batchEstimate, DEFAULT_JOB_SECONDS, jobEstimate } from './estimates.ts';
import {
  firstWaitingOfBatch,
  openSingleJobs,
  recentDuration,
  runningCount,
  waitingAhead,
} from './queue.repository.ts';
import { EDIT_JOB } from '../generation/edit.job.ts';
import { stepLabel } from './batch-operation.ts';
import type { BatchItemRow, BatchRow } from './batch.repository.ts';

/** How many jobs workers take at once, as seen now: at least what this process runs. */
async function capacityOf(app: FastifyInstance) {
  return Math.max(app.config.jobConcurrency, await runningCount(app.database.db));
}

const secondsOf = async (app: FastifyInstance, kind: string, label: string | null) =>
  (await recentDuration(app.database.db, kind, label)) ?? DEFAULT_JOB_SECONDS;

/** The acting account's jobs outside batches, with their place in the shared queue. */
export async function queuedJobs(app: FastifyInstance, accountId: string): Promise<QueueJob[]> {
  const db = app.database.db;
  const rows = await openSingleJobs(db, accountId);
  if (rows.length === 0) return [];
  const capacity = await capacityOf(app);
  return Promise.all(
    rows.map(async (row) => {
      const status = row.status === 'running' ? 'running' : 'queued';
      // Not yet handed to the runner (its inputs are still being stored): first in line.
      const ahead =
        status === 'queued' && row.submittedAt ? await waitingAhead(db, row.submittedAt) : 0;
      const seconds = await secondsOf(app, row.kind, row.label);
      return {
        id: row.id,
        kind: row.kind,
        label: row.label,
        status,
        progress: row.progress,
        position: status === 'queued' ? ahead : null,
        estimateSeconds: jobEstimate({ status, progress: row.progress, ahead, capacity, seconds }),
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}

/**
 * Where a batch stands in the shared queue and how long it still needs: its own finished images
 * say how long one takes once there are some; until then, recent jobs of its steps.
 */
export async function batchTiming(
  app: FastifyInstance,
  batch: BatchRow,
  items: readonly BatchItemRow[],
): Promise<{ position: number | null; estimateSeconds: number | null }> {
  const queued = items.filter((i) => i.status === 'queued').length;
  const running = items.filter((i) => i.status === 'running');
  if (batch.status !== 'running' || (queued === 0 && running.length === 0)) {
    return { position: null, estimateSeconds: null };
  }
  const db = app.database.db;
  const capacity = await capacityOf(app);
  const done = items.filter((i) => i.status === 'succeeded' && i.startedAt && i.finishedAt);
  let perImage = 0;
  if (done.length > 0) {
    const total = done.reduce(
      (sum, i) => sum + (i.finishedAt!.getTime() - i.startedAt!.getTime()) / 1000,
      0,
    );
    perImage = total / done.length;
  } else {
    for (const step of batch.operation.steps)
      perImage += await secondsOf(app, EDIT_JOB, stepLabel(step));
  }
  let position: number | null = null;
  if (running.length === 0 || running.every((i) => i.progress === 0)) {
    const first = await firstWaitingOfBatch(db, batch.id);
    position = first ? await waitingAhead(db, first, true) : running.length === 0 ? 0 : null;
  }
  const estimateSeconds = batchEstimate({
    queued,
    runningProgress: running.map((i) => i.progress),
    perImage,
    parallel: app.config.jobConcurrency,
    ahead: position ?? 0,
    capacity,
    secondsAhead: await secondsOf(app, EDIT_JOB, null),
  });
  return { position, estimateSeconds };
}
