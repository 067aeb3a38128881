import type { FastifyInstance } from 'fastify';
import { publishCredits } from '../../platform/account-events.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { completeJob } from '../../platform/job-completion.ts';
import { jobCancelled } from '../../platform/job-run.ts';
import { failJob, markStarted, markSubmitted } from '../../platform/jobs.repository.ts';
import type { Payer } from '../../platform/paid-job.ts';
import { returnAllowance } from '../guests/guest.repository.ts';
import { adoptReservedJob } from './batch-jobs.repository.ts';
import { spendAllowance } from './batch.repository.ts';

export interface ItemWatch {
  /** Aborts when the image (or its whole batch) is cancelled. */
  signal: AbortSignal;
  /** 0-100 of the running step. */
  onProgress(percent: number): void;
}

/**
 * An image's step of an account's batch: its price was reserved with the batch, on a leased job
 * row that waited for this turn. The paid job takes that row over (it names the files it will
 * write, so a sweep can remove them), and from there ends it as any paid job does: recorded with
 * the refund of what was not delivered, or failed and refunded once.
 */
export function payFromBatchReservation(
  app: FastifyInstance,
  accountId: string,
  watch: ItemWatch,
): Payer {
  const db = app.database.db;
  const publishBalance = async () =>
    publishCredits(app, accountId, (await balanceOf(db, accountId)) ?? 0);
  return {
    async reserve({ jobId, credits, fileKeys, label }) {
      const job = await adoptReservedJob(db, accountId, jobId, { fileKeys, label });
      if (!job) throw jobCancelled();
      if (job.creditsReserved !== credits) {
        // The price changed since the batch began: never run for less than it costs.
        await failJob(db, jobId, 'The price of this step changed. Your credits were refunded.');
        throw jobCancelled();
      }
      return {
        progress: watch.onProgress,
        cancelled: watch.signal,
        background: true,
        async submitted() {
          if (!(await markSubmitted(db, jobId))) throw jobCancelled();
        },
        started: () => void markStarted(db, jobId),
        async complete(record) {
          const done = await completeJob(db, jobId, record);
          if (done.used < credits) await publishBalance();
          return done;
        },
        async refund(message) {
          await failJob(db, jobId, message);
          await publishBalance();
        },
        release: () => {},
      };
    },
  };
}

/**
 * An image of a visitor's batch: its free result was taken from the day's allowance with the
 * batch and is held by the image's row. Delivering spends it; anything else gives back what the
 * row still holds, in the same transaction as the row's change, so it happens once.
 */
export function payFromGuestBatch(
  app: FastifyInstance,
  item: { id: string; held: number; counters: string[] },
  watch: ItemWatch,
): Payer {
  const db = app.database.db;
  return {
    async reserve({ credits }) {
      if (credits !== item.held) throw jobCancelled();
      return {
        progress: watch.onProgress,
        cancelled: watch.signal,
        background: true,
        submitted: async () => {},
        started: () => {},
        complete: (record) =>
          db.transaction(async (tx) => {
            const done = await record(tx);
            if (!(await spendAllowance(tx, item.id, item.held))) throw jobCancelled();
            if (credits > done.used) await returnAllowance(tx, item.counters, credits - done.used);
            return done;
          }),
        // The row gives its allowance back when it is closed (batch-items.service.ts).
        refund: async () => {},
        release: () => {},
      };
    },
  };
}
