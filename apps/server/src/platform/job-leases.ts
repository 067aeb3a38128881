import type { FastifyInstance } from 'fastify';
import { balanceOf, debit } from './credits.repository.ts';
import { publishCredits, publishJobProgress } from './account-events.ts';
import { scheduleBackground } from './process-role.ts';
import {
  expiredJobs,
  failJob,
  insertJob,
  recentlyExpiredFiles,
  renewLease,
} from './jobs.repository.ts';

export const LEASE_EXPIRED = 'The server stopped while this ran. Your credits were refunded.';
/** A job failed by the sweep may still have a worker writing; its files are removed again. */
const LATE_WRITE_WINDOW_MS = 10 * 60_000;
const BATCH = 100;

export interface LeasedJob {
  id: string;
  accountId: string;
  kind: string;
  creditsReserved: number;
  /** Every file the job may write, so a sweep can remove them if its process dies. */
  fileKeys: string[];
  /** The ledger's reason for the reservation ('generation', 'video'...). */
  reason: string;
  /** What it does, for the queue. */
  label?: string;
}

/**
 * Reserves the job's credits and records it with a lease in one transaction (a crash between the
 * two would lose credits), then keeps renewing the lease every third of JOB_LEASE_SECONDS while
 * this process waits for the job. Undefined when the balance does not cover the reservation.
 * Call `release` once the job is recorded or failed. If this process dies, the lease runs out
 * and the sweep of any process fails and refunds the job.
 */
export async function startLeasedJob(app: FastifyInstance, job: LeasedJob) {
  const leaseMs = app.config.jobLeaseMs;
  const { reason, ...values } = job;
  const reserved = await app.database.db.transaction(async (tx) => {
    // A free job (the premium room upgrade) still holds a lease: its files must go if it dies.
    const left =
      job.creditsReserved === 0
        ? await balanceOf(tx, job.accountId)
        : await debit(tx, job.accountId, job.creditsReserved, {
            reason,
            reference: job.id,
            idempotencyKey: `${reason}:${job.id}`,
          });
    if (left !== undefined) await insertJob(tx, { ...values, leaseMs });
    return left;
  });
  if (reserved === undefined) return undefined;
  const timer = setInterval(() => {
    renewLease(app.database.db, job.id, leaseMs).catch((error: unknown) =>
      app.log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'),
    );
  }, leaseMs / 3);
  timer.unref();
  return { reserved, release: () => clearInterval(timer) };
}

/**
 * Fails every open job whose lease ran out: status, refund and the job's end in one transaction
 * (guarded by the status, so a refund happens once even with several processes sweeping), then
 * its files are removed and the account's screens are told. Returns how many it failed.
 */
export async function sweepExpiredJobs(app: FastifyInstance): Promise<number> {
  const db = app.database.db;
  let failed = 0;
  for (;;) {
    const batch = await expiredJobs(db, BATCH);
    for (const job of batch) {
      const closed = await failJob(db, job.id, LEASE_EXPIRED);
      if (!closed) continue;
      failed++;
      app.log.warn({ jobId: job.id, kind: job.kind }, 'job lease ran out: failed and refunded');
      await Promise.allSettled((job.fileKeys ?? []).map((key) => app.storage.delete(key)));
      await publishJobProgress(app, job.accountId, {
        jobId: job.id,
        status: 'failed',
        progress: 0,
      });
      await publishCredits(app, job.accountId, (await balanceOf(db, job.accountId)) ?? 0);
    }
    if (batch.length < BATCH) break;
  }
  const since = new Date(Date.now() - LATE_WRITE_WINDOW_MS);
  const late = await recentlyExpiredFiles(db, LEASE_EXPIRED, since);
  await Promise.allSettled(late.map((key) => app.storage.delete(key)));
  return failed;
}

/** At start (a crash leaves leases behind) and every half lease (another process may die). */
export function scheduleJobSweep(app: FastifyInstance) {
  scheduleBackground(app, {
    name: 'job lease sweep',
    everyMs: app.config.jobLeaseMs / 2,
    run: () => sweepExpiredJobs(app),
    awaitFirst: true,
  });
}
