import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import { closeJob, refundUnused } from './jobs.repository.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const PROJECT_DELETED =
  'The project was deleted while this ran. Your credits were refunded; choose another project.';
export const JOB_ENDED =
  'This job was stopped before it finished. Your credits were refunded. Please try again.';

/** The rows a job's results were written to, and how many credits they are worth. */
export interface JobRecord<T> {
  rows: T;
  used: number;
  resultImageIds?: string[];
}

export interface Completion<T> {
  rows: T;
  /** Credits kept for what was delivered; the rest of the reservation was refunded. */
  used: number;
}

/**
 * Records a job's results, marks it succeeded and refunds what it did not deliver, all in one
 * transaction. `record` returns the rows written and how many credits they are worth. If the
 * job already ended (its lease ran out and the sweep failed and refunded it), nothing is kept.
 */
export async function completeJob<T>(
  db: Database,
  jobId: string,
  record: (tx: Tx) => Promise<JobRecord<T>>,
): Promise<Completion<T>> {
  try {
    return await db.transaction(async (tx) => {
      const { rows, used, resultImageIds } = await record(tx);
      const job = await closeJob(tx, jobId, { status: 'succeeded', resultImageIds });
      if (!job) throw new AppError(409, 'job_ended', JOB_ENDED);
      await refundUnused(tx, job.accountId, jobId, job.creditsReserved - used);
      return { rows, used };
    });
  } catch (error) {
    throw translateWriteError(error);
  }
}

/** A row pointing at something deleted meanwhile (foreign key, SQLSTATE 23503). */
function translateWriteError(error: unknown): unknown {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23503') {
      return /project/.test(constraint ?? '')
        ? new AppError(409, 'project_deleted', PROJECT_DELETED)
        : new AppError(409, 'deleted_meanwhile', 'Something this used was deleted meanwhile.');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return error;
}
