import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { watchCancels, type CancelWatch } from '../../platform/job-cancel.ts';
import { Semaphore } from '../../platform/jobs.ts';
import { storageKeyFromUrl, urlOfKey } from '../../platform/own-url.ts';
import { editImage, GENERATION_FAILED } from '../generation/edit.service.ts';
import { guestEditImage } from '../generation/guest-edit.service.ts';
import { payFromBatchReservation, payFromGuestBatch } from './batch-payers.ts';
import { endItem, type ItemEnd } from './batch-items.service.ts';
import { stepFields } from './batch-operation.ts';
import { cancelScope, publishBatchProgress } from './batch-owner.ts';
import {
  claimItem,
  endBatch,
  findBatchById,
  openItems,
  recordStep,
  renewBatchLease,
  setItemProgress,
  type BatchItemRow,
  type BatchRow,
} from './batch.repository.ts';

export const SERVER_STOPPED =
  'The server stopped before this image was done. Your credits were refunded.';

/** The batches this app drives, by its job runner (one per app, shared by its plugins). */
const driving = new WeakMap<object, Map<string, Promise<void>>>();
const stopping = new WeakMap<object, AbortController>();

/**
 * On close, the batches this process drives stop: images not yet done end and give their price
 * back at once (rather than after the lease), and the close waits for that.
 */
export function registerBatchDriving(app: FastifyInstance) {
  const stop = new AbortController();
  stopping.set(app.jobs, stop);
  app.addHook('preClose', async () => {
    stop.abort();
    await settleBatches(app);
  });
}

/** Runs a batch in the background of this process. */
export function driveBatch(app: FastifyInstance, batchId: string) {
  const runs = driving.get(app.jobs) ?? new Map<string, Promise<void>>();
  driving.set(app.jobs, runs);
  const run = runBatch(app, batchId)
    .catch((error: unknown) => app.log.error({ err: error, batchId }, 'batch driver failed'))
    .finally(() => runs.delete(batchId));
  runs.set(batchId, run);
}

/** Waits for every batch this app drives (tests, and the close). */
export async function settleBatches(app: FastifyInstance) {
  for (;;) {
    const runs = [...(driving.get(app.jobs)?.values() ?? [])];
    if (runs.length === 0) return;
    await Promise.allSettled(runs);
  }
}

/**
 * Drives one batch: its images run a few at a time, each step one paid edit on the step's
 * reserved job. The batch and its waiting jobs stay leased while this runs. A batch leaves one
 * of the process's job slots to the jobs people are watching (and its images wait behind them,
 * `background`): with every slot held, a single edit waited for one of the batch's images to
 * end. Their pixel work runs on the engine's batch thread, one image at a time, so holding
 * fewer slots costs the batch little.
 */
async function runBatch(app: FastifyInstance, batchId: string) {
  const db = app.database.db;
  const batch = await findBatchById(db, batchId);
  if (!batch || batch.status !== 'running') return;
  const stop = stopping.get(app.jobs)?.signal ?? new AbortController().signal;
  const watch = await watchCancels(app, cancelScope(batch));
  const leaseMs = app.config.jobLeaseMs;
  const renew = setInterval(() => {
    renewBatchLease(db, batchId, leaseMs).catch((error: unknown) =>
      app.log.warn({ err: error, batchId }, 'could not renew a batch lease'),
    );
  }, leaseMs / 3);
  renew.unref();
  const lanes = new Semaphore(Math.max(1, app.config.jobConcurrency - 1));
  try {
    const items = await openItems(db, batchId);
    await Promise.all(
      items.map((item) => lanes.use(() => runItem(app, batch, item, { watch, stop }))),
    );
  } finally {
    clearInterval(renew);
    watch.stop();
  }
  if ((await openItems(db, batchId)).length === 0 && (await endBatch(db, batchId, 'finished'))) {
    await publishBatchProgress(app, batch, { batchId, status: 'finished' });
  }
}

async function finish(app: FastifyInstance, batch: BatchRow, item: BatchItemRow, end: ItemEnd) {
  if (await endItem(app, batch, item.id, end)) {
    await publishBatchProgress(app, batch, {
      batchId: batch.id,
      itemId: item.id,
      status: end.status,
    });
  }
}

/** One image: its steps in turn, each from the previous result. */
async function runItem(
  app: FastifyInstance,
  batch: BatchRow,
  item: BatchItemRow,
  { watch, stop }: { watch: CancelWatch; stop: AbortSignal },
) {
  const db = app.database.db;
  const stopped: ItemEnd = { status: 'failed', error: SERVER_STOPPED, errorCode: 'job_ended' };
  if (stop.aborted) return finish(app, batch, item, stopped);
  if (!(await claimItem(db, item.id))) return;
  await publishBatchProgress(app, batch, { batchId: batch.id, itemId: item.id, status: 'running' });
  const signal = AbortSignal.any([watch.signalFor(item.id), stop]);
  const steps = batch.operation.steps;
  let sourceKey = item.resultKey ?? item.sourceKey;
  for (let s = item.step; s < steps.length; s++) {
    let shown = -1;
    const onProgress = (percent: number) => {
      const overall = Math.round(((s + Math.min(100, percent) / 100) / steps.length) * 100);
      if (overall < shown + 5) return;
      shown = overall;
      void setItemProgress(db, item.id, overall).then(() =>
        publishBatchProgress(app, batch, {
          batchId: batch.id,
          itemId: item.id,
          status: 'running',
          progress: overall,
        }),
      );
    };
    const fields = {
      ...stepFields(steps[s]!),
      imageUrl: urlOfKey(sourceKey),
      numImages: 1,
      projectId: batch.projectId ?? undefined,
    };
    try {
      const answer = batch.accountId
        ? await editImage(
            app,
            { accountId: batch.accountId, fields },
            {
              jobId: item.jobIds![s]!,
              payer: payFromBatchReservation(app, batch.accountId, { signal, onProgress }),
            },
          )
        : await guestEditImage(
            app,
            { hash: batch.guestHash!, ip: '' },
            fields,
            payFromGuestBatch(
              app,
              { id: item.id, held: item.allowanceHeld, counters: batch.allowanceKeys ?? [] },
              { signal, onProgress },
            ),
          );
      sourceKey = storageKeyFromUrl(answer.editedImageUrl, app.config.publicUrl);
      await recordStep(db, item.id, {
        step: s + 1,
        resultImageId: batch.accountId ? (answer.images[0]?.id ?? null) : null,
        resultKey: sourceKey,
        progress: Math.round(((s + 1) / steps.length) * 100),
      });
    } catch (error) {
      if (!(error instanceof AppError)) app.log.error({ err: error }, 'batch image failed');
      const refusal = error instanceof AppError ? error : undefined;
      // A cancel already ended the image (and refunded it) where it was made.
      if (refusal?.code === 'cancelled' && !stop.aborted) return;
      const end: ItemEnd = stop.aborted
        ? stopped
        : {
            status: 'failed',
            error: refusal?.message ?? GENERATION_FAILED,
            errorCode: refusal?.code ?? 'generation_failed',
          };
      return finish(app, batch, item, end);
    }
  }
  return finish(app, batch, item, { status: 'succeeded' });
}
