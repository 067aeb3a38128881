import type { FastifyInstance } from 'fastify';
import { publishCredits, publishJobProgress } from './account-events.ts';
import { balanceOf, ensureBalance } from './credits.repository.ts';
import { AppError } from './errors.ts';
import { completeJob, type JobRecord, type Tx } from './job-completion.ts';
import { undoFailedJob } from './job-failure.ts';
import { startLeasedJob } from './job-leases.ts';
import { startJob, type JobOutcome, type StartedJob } from './job-run.ts';
import { markJob } from './jobs.repository.ts';

export const OUT_OF_CREDITS = "You're out of credits. Subscribe to get more.";

export interface PaidJob<Payload, Success, Rows, Answer> {
  jobId: string;
  /** The account that owns the job and pays for it with its credits. */
  accountId: string;
  /** The job's name on the runner and in the jobs table. */
  kind: string;
  credits: number;
  /** The ledger's reason for the reservation ('generation', 'video'). */
  reason: string;
  /** Files the job writes: removed when it fails, even when a timed-out job writes them late. */
  writes: string[];
  /** Inputs stored for the job alone: removed when it ends, whatever the end. */
  scratch?: string[];
  /** Stores the job's inputs once the credits are reserved. */
  prepare?: () => Promise<void>;
  payload: Payload;
  timedOut: () => AppError;
  /** What to answer for a failure that is not a refusal of the job's own. */
  failed: () => AppError;
  /** Writes the results' rows; `used` credits are kept, the rest of the reservation refunded. */
  record: (tx: Tx, outcome: Success) => Promise<JobRecord<Rows>>;
  answer: (done: { outcome: Success; rows: Rows; used: number }) => Promise<Answer>;
}

/**
 * The one life of a job paid with credits: reserve the credits with a leased job row (one
 * transaction), store its inputs, run it with a time limit and progress events, record its
 * results and refund what it did not deliver. Any failure after the reservation refunds it
 * once, tells the account's screens, and removes every file the job wrote.
 */
export async function runPaidJob<
  Payload,
  Outcome extends JobOutcome,
  Rows,
  Answer,
  Success extends Extract<Outcome, { ok: true }> = Extract<Outcome, { ok: true }>,
>(app: FastifyInstance, job: PaidJob<Payload, Success, Rows, Answer>): Promise<Answer> {
  const { jobId, accountId, credits } = job;
  const db = app.database.db;
  const scratch = job.scratch ?? [];
  await ensureBalance(db, accountId, app.config.startingCredits);
  const lease = await startLeasedJob(app, {
    id: jobId,
    accountId,
    kind: job.kind,
    creditsReserved: credits,
    fileKeys: [...job.writes, ...scratch],
    reason: job.reason,
  });
  if (!lease) throw new AppError(402, 'out_of_credits', OUT_OF_CREDITS, 'Out of Credits');
  await publishCredits(app, accountId, lease.reserved);
  const progress = (value: number, status = 'running') =>
    publishJobProgress(app, accountId, { jobId, status, progress: value });

  let started: StartedJob<Success> | undefined;
  try {
    await job.prepare?.();
    await markJob(db, jobId, { status: 'running' });
    await progress(0);
    started = startJob<Payload, Outcome>(app, job.kind, job.payload, {
      onProgress: (p) => void progress(p),
      timedOut: job.timedOut,
    }) as StartedJob<Success>;
    const outcome = await started.result;
    const { rows, used } = await completeJob(db, jobId, (tx) => job.record(tx, outcome));
    if (used < credits) await publishCredits(app, accountId, (await balanceOf(db, accountId)) ?? 0);
    await progress(100, 'succeeded');
    return await job.answer({ outcome, rows, used });
  } catch (error) {
    throw await undoFailedJob(
      app,
      { accountId, jobId, progress, settled: started?.settled, keys: job.writes },
      error,
      job.failed(),
    );
  } finally {
    lease.release();
    await Promise.all(scratch.map((key) => app.storage.delete(key).catch(() => {})));
  }
}
