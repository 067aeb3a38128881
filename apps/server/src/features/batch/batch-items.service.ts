import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOB_CANCELLED } from '@image-lab/contract';
import { batchItems } from '../../db/schema/batches.ts';
import { publishCredits } from '../../platform/account-events.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { announceCancel } from '../../platform/job-cancel.ts';
import { failJobIn } from '../../platform/jobs.repository.ts';
import { returnAllowance } from '../guests/guest.repository.ts';
import { cancelScope, publishBatchProgress } from './batch-owner.ts';
import { closeItem, type BatchItemRow, type BatchRow } from './batch.repository.ts';

export interface ItemEnd {
  status: 'succeeded' | 'failed' | 'cancelled';
  error?: string;
  errorCode?: string;
}

/**
 * Ends an image that is still open and gives back, in the same transaction, what it still
 * holds: an account's steps that did not run (their job rows failed and refunded, once each,
 * whoever else tries), a visitor's free result. Undefined when it had already ended.
 */
export async function endItem(
  app: FastifyInstance,
  batch: Pick<BatchRow, 'accountId' | 'allowanceKeys'>,
  itemId: string,
  end: ItemEnd,
): Promise<BatchItemRow | undefined> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(batchItems).where(eq(batchItems.id, itemId)).for('update');
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
    await closeItem(tx, itemId, {
      status: end.status,
      error: end.error ?? null,
      errorCode: end.errorCode ?? null,
    });
    const message = end.error ?? JOB_CANCELLED;
    if (batch.accountId) for (const jobId of row.jobIds ?? []) await failJobIn(tx, jobId, message);
    else if (row.allowanceHeld > 0) {
      await returnAllowance(tx, batch.allowanceKeys ?? [], row.allowanceHeld);
    }
    return row;
  });
}

/**
 * Cancels open images of a batch (its owner's choice): each ends and refunds at once in the
 * database, whichever process drives the batch; that process hears of it and stops waiting
 * for the images' jobs. Returns how many were still open.
 */
export async function cancelItems(
  app: FastifyInstance,
  batch: BatchRow,
  items: readonly BatchItemRow[],
): Promise<number> {
  const ended: BatchItemRow[] = [];
  for (const item of items) {
    const row = await endItem(app, batch, item.id, {
      status: 'cancelled',
      error: JOB_CANCELLED,
      errorCode: 'cancelled',
    });
    if (row) ended.push(row);
  }
  if (ended.length === 0) return 0;
  await announceCancel(
    app,
    cancelScope(batch),
    ended.flatMap((row) => [row.id, ...(row.jobIds ?? [])]),
  );
  if (batch.accountId) {
    const db = app.database.db;
    await publishCredits(app, batch.accountId, (await balanceOf(db, batch.accountId)) ?? 0);
  }
  for (const row of ended) {
    await publishBatchProgress(app, batch, {
      batchId: batch.id,
      itemId: row.id,
      status: 'cancelled',
    });
  }
  return ended.length;
}
