import type { FastifyInstance } from 'fastify';
import { balanceOf } from './credits.repository.ts';
import { publishCredits } from './account-events.ts';
import { AppError } from './errors.ts';
import { failJob } from './jobs.repository.ts';

/** What a credited job needs to take back when it fails. */
export interface FailedJob {
  accountId: string;
  jobId: string;
  /** Tells the account's screens the job has ended (job-progress event). */
  progress(value: number, status: string): Promise<unknown>;
  /** The job itself, which may still be writing files after a timeout. */
  settled?: Promise<unknown>;
  /** Files the request wrote or was going to write. */
  keys: string[];
}

/**
 * The common end of a failed credited job: refund the reservation (once, by its key), record
 * the failure, tell the account's screens, and delete every file the request wrote. A job that
 * timed out may still write later, so its files are removed once it settles, without holding
 * up the answer. Returns what to throw: the job's own refusal, or `fallback` for anything else.
 */
export async function undoFailedJob(
  app: FastifyInstance,
  failed: FailedJob,
  error: unknown,
  fallback: AppError,
): Promise<AppError> {
  const db = app.database.db;
  const { accountId, jobId } = failed;
  const message = error instanceof AppError ? error.message : fallback.message;
  // Refunds the reservation with the status change, unless the sweep already did both.
  await failJob(db, jobId, message);
  await failed.progress(0, 'failed');
  await publishCredits(app, accountId, (await balanceOf(db, accountId)) ?? 0);
  await removeWrittenFiles(app, failed.keys, failed.settled, error);
  if (error instanceof AppError) return error;
  app.log.error({ err: error, jobId }, `job failed: ${fallback.code}`);
  return fallback;
}

/**
 * Deletes the files a failed request wrote. A job that timed out may still write its results
 * later, so they are removed once it settles, without holding up the answer.
 */
export async function removeWrittenFiles(
  app: FastifyInstance,
  keys: string[],
  settled: Promise<unknown> | undefined,
  error: unknown,
) {
  const stopped = (settled ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
  const removal = stopped.then(() =>
    Promise.allSettled(keys.map((key) => app.storage.delete(key))),
  );
  if (!(error instanceof AppError && error.code === 'timeout')) await removal;
}
