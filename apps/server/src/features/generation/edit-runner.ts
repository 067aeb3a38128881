import { knownCodeOr } from '@image-lab/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import {
  EDIT_JOB,
  type EditJobPayload,
  type EditJobResult,
  type EditJobSuccess,
} from './edit.job.ts';

const JOB_TIMEOUT_MS = 180_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new AppError(504, 'timeout', 'Image generation took too long. Please try again.')),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface StartedEdit {
  /** The job's success, or its refusal as an AppError, or a timeout after 180 s. */
  result: Promise<EditJobSuccess>;
  /** Settles when the job has really stopped, even after a timeout. */
  settled: Promise<void>;
}

/** Queues one edit job on the runner (in-process or BullMQ) and waits for it with a limit. */
export function startEditJob(
  app: FastifyInstance,
  payload: EditJobPayload,
  onProgress: (progress: number) => void,
): StartedEdit {
  const job = app.jobs.run<EditJobPayload, EditJobResult>(EDIT_JOB, payload, { onProgress });
  const settled = job.then(
    () => undefined,
    () => undefined,
  );
  const result = withTimeout(job, JOB_TIMEOUT_MS).then((outcome) => {
    if (outcome.ok) return outcome;
    const { status, code, message, title, details } = outcome.error;
    throw new AppError(status, knownCodeOr(code, status), message, title, details);
  });
  return { result, settled };
}
