import type { FastifyInstance } from 'fastify';
import { publishCredits } from '../../platform/account-events.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { LEASE_EXPIRED } from '../../platform/job-leases.ts';
import { scheduleBackground } from '../../platform/process-role.ts';
import { endItem } from './batch-items.service.ts';
import { publishBatchProgress } from './batch-owner.ts';
import {
  deleteGuestBatchesBefore,
  endBatch,
  expiredBatches,
  failedJobFiles,
  openItems,
} from './batch.repository.ts';

const BATCH = 50;
/** A visitor's batch is kept as long as its files (a day), and a day more for its page. */
const GUEST_BATCH_DAYS = 2;

/**
 * Ends every batch whose driving process stopped renewing it (it died): each open image fails
 * and gives back what it still holds (an account's reserved steps, a visitor's free result),
 * once, whichever process sweeps first; what was done stays. The job sweep may refund the same
 * jobs first: both are guarded by the rows' status, so nothing is given back twice.
 */
export async function sweepExpiredBatches(app: FastifyInstance): Promise<number> {
  const db = app.database.db;
  let ended = 0;
  for (;;) {
    const batch = await expiredBatches(db, BATCH);
    for (const row of batch) {
      for (const item of await openItems(db, row.id)) {
        await endItem(app, row, item.id, {
          status: 'failed',
          error: LEASE_EXPIRED,
          errorCode: 'job_ended',
        });
      }
      if (!(await endBatch(db, row.id, 'finished'))) continue;
      ended++;
      // What its running images had written (a worker elsewhere may still write: the job
      // sweep removes files of lease-expired jobs again for a while).
      const written = await failedJobFiles(db, row.id, LEASE_EXPIRED);
      await Promise.allSettled(written.map((key) => app.storage.delete(key)));
      app.log.warn({ batchId: row.id }, 'batch lease ran out: its open images failed and refunded');
      await publishBatchProgress(app, row, { batchId: row.id, status: 'finished' });
      if (row.accountId) {
        await publishCredits(app, row.accountId, (await balanceOf(db, row.accountId)) ?? 0);
      }
    }
    if (batch.length < BATCH) break;
  }
  await deleteGuestBatchesBefore(db, new Date(Date.now() - GUEST_BATCH_DAYS * 86_400_000));
  return ended;
}

/** At start (a crash leaves batches behind) and every half lease, like the job sweep. */
export function scheduleBatchSweep(app: FastifyInstance) {
  scheduleBackground(app, {
    name: 'batch lease sweep',
    everyMs: app.config.jobLeaseMs / 2,
    run: () => sweepExpiredBatches(app),
    awaitFirst: true,
  });
}
