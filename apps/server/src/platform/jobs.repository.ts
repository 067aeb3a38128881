import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/images.ts';
import type { Database } from './db.ts';
import { credit } from './credits.repository.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

const OPEN: ('queued' | 'running')[] = ['queued', 'running'];

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;
/** Open jobs from before leases existed count as lost after this long. */
const UNLEASED_LOST_AFTER = sql`now() - interval '1 hour'`;

export async function insertJob(
  db: Executor,
  values: {
    id: string;
    accountId: string;
    kind: string;
    creditsReserved: number;
    fileKeys: string[];
    leaseMs: number;
    label?: string | null;
    batchId?: string | null;
  },
) {
  const { leaseMs, ...rest } = values;
  await db.insert(jobs).values({ ...rest, status: 'queued', leaseExpiresAt: leaseEnd(leaseMs) });
}

/** Handed to the runner: it waits its turn in the shared queue from now. False once ended. */
export async function markSubmitted(db: Executor, id: string) {
  const rows = await db
    .update(jobs)
    .set({ submittedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A worker took it. */
export async function markStarted(db: Executor, id: string) {
  await db
    .update(jobs)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
}

export async function renewLease(db: Database, id: string, leaseMs: number) {
  await db
    .update(jobs)
    .set({ leaseExpiresAt: leaseEnd(leaseMs) })
    .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)));
}

/** Open jobs whose lease ran out (by the database's clock, shared by every process). */
export async function expiredJobs(db: Database, limit: number) {
  return db
    .select({
      id: jobs.id,
      accountId: jobs.accountId,
      kind: jobs.kind,
      fileKeys: jobs.fileKeys,
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, OPEN),
        or(
          lt(jobs.leaseExpiresAt, sql`now()`),
          and(isNull(jobs.leaseExpiresAt), lt(jobs.createdAt, UNLEASED_LOST_AFTER)),
        ),
      ),
    )
    .limit(limit);
}

/** Files of jobs the sweep failed lately: a worker elsewhere may have written them since. */
export async function recentlyExpiredFiles(db: Database, error: string, since: Date) {
  const rows = await db
    .select({ fileKeys: jobs.fileKeys })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), eq(jobs.error, error), gt(jobs.finishedAt, since)));
  return rows.flatMap((r) => r.fileKeys ?? []);
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
  return db.transaction(async (tx) => failJobIn(tx, id, error));
}

/** `failJob` inside a transaction the caller holds. */
export async function failJobIn(tx: Executor, id: string, error: string) {
  const job = await closeJob(tx, id, { status: 'failed', error });
  if (job) await refundUnused(tx, job.accountId, id, job.creditsReserved);
  return job;
}

export async function findJob(db: Database, accountId: string, id: string) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)));
  return rows[0];
}
