import type { FastifyInstance } from 'fastify';
import { publishCredits, publishJobProgress } from './account-events.ts';
import { balanceOf, ensureBalance } from './credits.repository.ts';
import { AppError } from './errors.ts';
import { watchCancels } from './job-cancel.ts';
import { completeJob } from './job-completion.ts';
import { startLeasedJob } from './job-leases.ts';
import { jobCancelled } from './job-run.ts';
import { failJob, markStarted, markSubmitted } from './jobs.repository.ts';
import type { Payer } from './paid-job.ts';

export const OUT_OF_CREDITS = "You're out of credits. Subscribe to get more.";

/**
 * An account pays with its credits: the reservation and the job's row with its lease are one
 * transaction, the account's screens follow the job's progress and balance, and the results
 * are recorded with the refund of what was not delivered in one more. If this process dies,
 * the lease runs out and the sweep refunds the job (job-leases.ts).
 */
export function payWithCredits(app: FastifyInstance, accountId: string): Payer {
  const db = app.database.db;
  const publishBalance = async () =>
    publishCredits(app, accountId, (await balanceOf(db, accountId)) ?? 0);
  return {
    async reserve({ jobId, kind, credits, reason, fileKeys, label }) {
      await ensureBalance(db, accountId, app.config.startingCredits);
      const lease = await startLeasedJob(app, {
        id: jobId,
        accountId,
        kind,
        creditsReserved: credits,
        fileKeys,
        reason,
        label,
      });
      if (!lease) throw new AppError(402, 'out_of_credits', OUT_OF_CREDITS, 'Out of Credits');
      // Its owner may cancel it from the queue, in this process or another.
      const cancels = await watchCancels(app, accountId);
      await publishCredits(app, accountId, lease.reserved);
      const progress = (value: number, status = 'running') =>
        publishJobProgress(app, accountId, { jobId, status, progress: value });
      return {
        progress: (value) => void progress(value),
        cancelled: cancels.signalFor(jobId),
        async submitted() {
          if (!(await markSubmitted(db, jobId))) throw jobCancelled();
          await progress(0, 'queued');
        },
        started() {
          void markStarted(db, jobId).then(() => progress(0));
        },
        async complete(record) {
          const done = await completeJob(db, jobId, record);
          if (done.used < credits) await publishBalance();
          await progress(100, 'succeeded');
          return done;
        },
        async refund(message) {
          // Refunds the reservation with the status change, unless the sweep already did both.
          await failJob(db, jobId, message);
          await progress(0, 'failed');
          await publishBalance();
        },
        release() {
          cancels.stop();
          lease.release();
        },
      };
    },
  };
}
