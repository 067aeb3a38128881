import { JOB_CANCELLED, knownCodeOr } from '@image-lab/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { JobCancelledError } from './jobs.ts';

/** What a cancelled job answers: its credits were given back by whoever cancelled it. */
export const jobCancelled = () => new AppError(409, 'cancelled', JOB_CANCELLED, 'Cancelled');

const JOB_TIMEOUT_MS = 180_000;

/** A job's refusal travels as data, so its message survives a trip through Redis. */
export interface JobRefusal {
  ok: false;
  error: {
    status: number;
    code: string;
    message: string;
    title?: string;
    details?: Record<string, unknown>;
  };
}

export type JobOutcome = { ok: true } | JobRefusal;

export interface StartedJob<Success> {
  /** The job's success, or its refusal as an AppError, or `timedOut` after 180 s. */
  result: Promise<Success>;
  /** Settles when the job has really stopped, even after a timeout. */
  settled: Promise<void>;
}

/**
 * Queues one job on the runner (in-process or BullMQ) and waits for it with a limit. A job that
 * times out or is cancelled may still be running: `settled` says when it has stopped writing.
 */
export function startJob<Payload, Outcome extends JobOutcome>(
  app: FastifyInstance,
  kind: string,
  payload: Payload,
  options: {
    onProgress: (progress: number) => void;
    onStart?: () => void;
    signal?: AbortSignal;
    background?: boolean;
    timedOut: () => AppError;
  },
): StartedJob<Extract<Outcome, { ok: true }>> {
  const { onProgress, onStart, signal, background } = options;
  const job = app.jobs.run<Payload, Outcome>(kind, payload, {
    onProgress,
    onStart,
    signal,
    background,
  });
  const settled = job.then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(options.timedOut()), JOB_TIMEOUT_MS);
    onAbort = () => reject(jobCancelled());
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  const result = Promise.race([job, stopped])
    .finally(() => {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    })
    .then((outcome) => {
      if (outcome.ok) return outcome as Extract<Outcome, { ok: true }>;
      const { status, code, message, title, details } = (outcome as JobRefusal).error;
      throw new AppError(status, knownCodeOr(code, status), message, title, details);
    })
    .catch((error: unknown) => {
      throw error instanceof JobCancelledError ? jobCancelled() : error;
    });
  return { result, settled };
}
