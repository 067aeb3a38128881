import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { startJob, type StartedJob } from '../../platform/job-run.ts';
import {
  EDIT_JOB,
  type EditJobPayload,
  type EditJobResult,
  type EditJobSuccess,
} from './edit.job.ts';

export const editTimedOut = () =>
  new AppError(504, 'timeout', 'Image generation took too long. Please try again.');

export type StartedEdit = StartedJob<EditJobSuccess>;

/** Queues one edit job on the runner (in-process or BullMQ) and waits for it with a limit. */
export function startEditJob(
  app: FastifyInstance,
  payload: EditJobPayload,
  onProgress: (progress: number) => void,
): StartedEdit {
  return startJob<EditJobPayload, EditJobResult>(app, EDIT_JOB, payload, {
    onProgress,
    timedOut: editTimedOut,
  });
}
