import type { FastifyInstance } from 'fastify';
import {
  ALREADY_FINISHED,
  BATCH_NOT_FOUND,
  JOB_CANCELLED,
  JOB_NOT_FOUND,
  type Batch,
} from '@image-lab/contract';
import { publishCredits, publishJobProgress } from '../../platform/account-events.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { notFound } from '../../platform/errors.ts';
import { announceCancel } from '../../platform/job-cancel.ts';
import { failJob, findJob } from '../../platform/jobs.repository.ts';
import { guestPrefix } from '../../platform/guest-identity.ts';
import { noImages, type ZipSource } from '../images/download-all.service.ts';
import { cancelItems } from './batch-items.service.ts';
import { ownerKey, publishBatchProgress, type BatchOwner } from './batch-owner.ts';
import { endBatch, findBatch, findItem, openItems, resultsOf } from './batch.repository.ts';
import { batchView } from './batch-view.ts';

async function ownBatch(app: FastifyInstance, owner: BatchOwner, id: string) {
  const row = await findBatch(app.database.db, ownerKey(owner), id);
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

/** Stops the whole batch: every image not done ends and gives its price back; done ones stay. */
export async function cancelBatch(
  app: FastifyInstance,
  owner: BatchOwner,
  id: string,
): Promise<Batch> {
  const db = app.database.db;
  const row = await ownBatch(app, owner, id);
  if (row.status === 'running') {
    await endBatch(db, id, 'cancelled');
    await cancelItems(app, row, await openItems(db, id));
    await publishBatchProgress(app, row, { batchId: id, status: 'cancelled' });
  }
  return batchView(app, owner, id);
}

/** Stops one image of a batch; the others go on. Nothing to do once it has ended. */
export async function cancelBatchItem(
  app: FastifyInstance,
  owner: BatchOwner,
  id: string,
  itemId: string,
): Promise<Batch> {
  const row = await ownBatch(app, owner, id);
  const item = await findItem(app.database.db, id, itemId);
  if (!item) throw notFound('Image not found');
  await cancelItems(app, row, [item]);
  return batchView(app, owner, id);
}

/**
 * Cancels one of the account's own jobs (an edit, a video...) while it waits or runs: it fails
 * and is refunded at once; the process waiting for it stops waiting, and a result it still
 * makes is thrown away (decision 028's guard: a job that ended keeps nothing).
 */
export async function cancelJob(app: FastifyInstance, accountId: string, id: string) {
  const db = app.database.db;
  const job = await findJob(db, accountId, id);
  if (!job) throw notFound(JOB_NOT_FOUND);
  // An image of a batch is cancelled through its batch, so the batch knows.
  if (job.batchId) throw notFound(JOB_NOT_FOUND);
  if (!(await failJob(db, id, JOB_CANCELLED))) return { message: ALREADY_FINISHED };
  await announceCancel(app, accountId, [id]);
  await publishJobProgress(app, accountId, { jobId: id, status: 'failed', progress: 0 });
  await publishCredits(app, accountId, (await balanceOf(db, accountId)) ?? 0);
  return { message: JOB_CANCELLED };
}

/** The results of the batch's finished images, for the streamed zip (decision 009). */
export async function batchZipSources(
  app: FastifyInstance,
  owner: BatchOwner,
  id: string,
): Promise<ZipSource[]> {
  const row = await ownBatch(app, owner, id);
  const results = await resultsOf(app.database.db, id);
  const sources = results.flatMap((result): ZipSource[] => {
    if (!result.resultKey) return [];
    // An account's result deleted from the gallery meanwhile is left out.
    if (row.accountId && !result.resultImageId) return [];
    if (!row.accountId && !result.resultKey.startsWith(guestPrefix(row.guestHash ?? ''))) return [];
    const stem =
      result.sourceFilename ??
      result.sourceKey
        .split('/')
        .pop()
        ?.replace(/\.\w+$/, '');
    return [{ key: result.resultKey, prompt: stem, mtime: result.finishedAt ?? undefined }];
  });
  if (sources.length === 0) throw noImages();
  return sources;
}
