import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';
import type { Tx } from '../../platform/job-completion.ts';

type Executor = Database | Tx;

/** One reserved step of one image: a leased job row that waits for its turn. */
export interface ReservedJob {
  id: string;
  accountId: string;
  batchId: string;
  kind: string;
  creditsReserved: number;
  label: string | null;
}

/** Every step of every image in one statement, leased like any paid job (decision 028). */
export async function insertReservedJobs(db: Executor, rows: ReservedJob[], leaseMs: number) {
  if (rows.length === 0) return;
  await db.insert(jobs).values(
    rows.map((row) => ({
      ...row,
      status: 'queued' as const,
      fileKeys: [],
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })),
  );
}

/**
 * The paid job takes over its reserved row: from now on it names the files it writes (removed
 * if it fails or its process dies). Undefined when the row is no longer waiting (cancelled).
 */
export async function adoptReservedJob(
  db: Executor,
  accountId: string,
  jobId: string,
  values: { fileKeys: string[]; label: string | undefined },
) {
  const [row] = await db
    .update(jobs)
    .set({ fileKeys: values.fileKeys, ...(values.label ? { label: values.label } : {}) })
    .where(and(eq(jobs.id, jobId), eq(jobs.accountId, accountId), eq(jobs.status, 'queued')))
    .returning({ creditsReserved: jobs.creditsReserved });
  return row;
}
