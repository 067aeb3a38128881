import type { FastifyInstance } from 'fastify';
import type { Database } from './db.ts';
import type { AppError } from './errors.ts';
import type { JobRecord } from './job-completion.ts';
import { failureAnswer, removeWrittenFiles } from './job-failure.ts';
import { startJob, type JobOutcome, type StartedJob } from './job-run.ts';

type Recorder<Rows> = (db: Database) => Promise<JobRecord<Rows>>;

/** The price of one job, taken before it runs; `complete` or `refund` settles it once. */
export interface Reservation {
  progress(value: number): void;
  /** Handed to the runner: it waits its turn from here. Throws if it was cancelled meanwhile. */
  submitted(): Promise<void>;
  /** A worker took it. */
  started(): void;
  /** Aborts when the job's owner cancels it; whoever cancelled it gave its price back. */
  cancelled?: AbortSignal;
  /** A batch's image: it waits behind the jobs people are watching (RunOptions.background). */
  background?: boolean;
  /** Records the results and keeps the `used` part of the price; the rest goes back. */
  complete<Rows>(record: Recorder<Rows>): Promise<{ rows: Rows; used: number }>;
  /** The whole price goes back: the job failed with this message. */
  refund(message: string): Promise<void>;
  release(): void;
}

/** Who pays for a job: an account's credits, or a visitor's daily free allowance. */
export interface Payer {
  /** Takes the price, or throws the payer's refusal (402). */
  reserve(job: {
    jobId: string;
    kind: string;
    credits: number;
    reason: string;
    fileKeys: string[];
    label?: string;
  }): Promise<Reservation>;
}

export interface PaidJob<Payload, Success, Rows, Answer> {
  jobId: string;
  /** The job's name on the runner (and in the jobs table when an account pays). */
  kind: string;
  credits: number;
  /** The ledger's reason for the reservation ('generation', 'video'). */
  reason: string;
  /** What the job does, as the queue shows it (a preset id, the start of a prompt). */
  label?: string;
  /** Files the job writes: removed when it fails, even when a timed-out job writes them late. */
  writes: string[];
  /** Inputs stored for the job alone: removed when it ends, whatever the end. */
  scratch?: string[];
  /** Stores the job's inputs once the price is reserved. */
  prepare?: () => Promise<void>;
  payload: Payload;
  timedOut: () => AppError;
  /** What to answer for a failure that is not a refusal of the job's own. */
  failed: () => AppError;
  /** Writes the results' rows; `used` credits are kept, the rest of the reservation refunded. */
  record: (db: Database, outcome: Success) => Promise<JobRecord<Rows>>;
  answer: (done: { outcome: Success; rows: Rows; used: number }) => Promise<Answer>;
}

/**
 * The one life of a paid job: reserve its price, store its inputs, run it with a time limit and
 * progress, record its results and give back what it did not deliver, answer. Any failure after
 * the reservation gives the whole price back once and removes every file the job wrote; so does
 * a cancel by its owner, while it waits or runs.
 */
export async function runPaidJob<
  Payload,
  Outcome extends JobOutcome,
  Rows,
  Answer,
  Success extends Extract<Outcome, { ok: true }> = Extract<Outcome, { ok: true }>,
>(
  app: FastifyInstance,
  payer: Payer,
  job: PaidJob<Payload, Success, Rows, Answer>,
): Promise<Answer> {
  const scratch = job.scratch ?? [];
  const reservation = await payer.reserve({
    jobId: job.jobId,
    kind: job.kind,
    credits: job.credits,
    reason: job.reason,
    fileKeys: [...job.writes, ...scratch],
    ...(job.label ? { label: job.label } : {}),
  });
  let started: StartedJob<Success> | undefined;
  try {
    await job.prepare?.();
    await reservation.submitted();
    started = startJob<Payload, Outcome>(app, job.kind, job.payload, {
      onProgress: reservation.progress,
      onStart: reservation.started,
      signal: reservation.cancelled,
      background: reservation.background,
      timedOut: job.timedOut,
    }) as StartedJob<Success>;
    const outcome = await started.result;
    const { rows, used } = await reservation.complete((db) => job.record(db, outcome));
    return await job.answer({ outcome, rows, used });
  } catch (error) {
    const answer = failureAnswer(app, error, job.failed(), job.jobId);
    await reservation.refund(answer.message);
    await removeWrittenFiles(app, job.writes, started?.settled, error);
    throw answer;
  } finally {
    reservation.release();
    await Promise.all(scratch.map((key) => app.storage.delete(key).catch(() => {})));
  }
}
