import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';
import { credit } from '../credits/credits.repository.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

const OPEN: ('queued' | 'running')[] = ['queued', 'running'];

export async function insertJob(
  db: Database,
  values: { id: string; accountId: string; kind: string; creditsReserved: number },
) {
  await db.insert(jobs).values({ ...values, status: 'queued' });
}

export async function markJob(
  db: Executor,
  id: string,
  values: Partial<
    Pick<typeof jobs.$inferInsert, 'status' | 'progress' | 'error' | 'resultImageIds'>
  >,
) {
  const finished = values.status === 'succeeded' || values.status === 'failed';
  await db
    .update(jobs)
    .set({ ...values, ...(finished ? { finishedAt: new Date() } : {}) })
    .where(eq(jobs.id, id));
}

/**
 * Ends a job that is still open; the status guard makes this happen once, whoever gets there
 * first (the request, or the sweep after a crash). Undefined when the job had already ended.
 */
export async function closeJob(
  db: Executor,
  id: string,
  values: { status: 'succeeded' | 'failed'; error?: string; resultImageIds?: string[] },
) {
  const rows = await db
    .update(jobs)
    .set({
      ...values,
      ...(values.status === 'succeeded' ? { progress: 100 } : {}),
      finishedAt: new Date(),
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
    .returning({ accountId: jobs.accountId, creditsReserved: jobs.creditsReserved });
  return rows[0];
}

/** Gives back reserved credits a job did not use; one refund per job, whatever the path. */
export async function refundUnused(db: Executor, accountId: string, jobId: string, amount: number) {
  if (amount <= 0) return false;
  return credit(db, accountId, amount, {
    reason: 'refund',
    reference: jobId,
    idempotencyKey: `refund:${jobId}`,
  });
}

/** Fails an open job and refunds its whole reservation in one transaction. */
export async function failJob(db: Database, id: string, error: string) {
  return db.transaction(async (tx) => {
    const job = await closeJob(tx, id, { status: 'failed', error });
    if (job) await refundUnused(tx, job.accountId, id, job.creditsReserved);
    return job;
  });
}

export async function findJob(db: Database, accountId: string, id: string) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)));
  return rows[0];
}
