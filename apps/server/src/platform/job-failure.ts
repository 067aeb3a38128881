import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * What a failed paid job answers: its own refusal, or `fallback` for anything else (logged,
 * since the person sees only the fallback's message).
 */
export function failureAnswer(
  app: FastifyInstance,
  error: unknown,
  fallback: AppError,
  jobId: string,
): AppError {
  if (error instanceof AppError) return error;
  app.log.error({ err: error, jobId }, `job failed: ${fallback.code}`);
  return fallback;
}

/**
 * Deletes the files a failed request wrote. A job that timed out or was cancelled may still write
 * its results later, so they are removed once it settles, without holding up the answer.
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
  const stillRunning = error instanceof AppError && ['timeout', 'cancelled'].includes(error.code);
  if (!stillRunning) await removal;
}
