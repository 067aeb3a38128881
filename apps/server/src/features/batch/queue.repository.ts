import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';

const OPEN: ('queued' | 'running')[] = ['queued', 'running'];

/** The account's jobs that wait or run and belong to no batch, oldest first. */
export async function openSingleJobs(db: Database, accountId: string) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      label: jobs.label,
      status: jobs.status,
      progress: jobs.progress,
      submittedAt: jobs.submittedAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), inArray(jobs.status, OPEN), isNull(jobs.batchId)))
    .orderBy(asc(jobs.createdAt))
    .limit(100);
}

/**
 * Jobs handed to the runner that no worker has taken yet and that a job submitted at `at` waits
 * for (everyone's). Runners take the jobs people watch before a batch's images (background, see
 * jobs.ts): a single job waits for single jobs submitted before it; a batch's image waits for
 * every single job and for the batch images submitted before it.
 */
export async function waitingAhead(db: Database, at: Date, background = false) {
  const earlier = lt(jobs.submittedAt, at);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        isNotNull(jobs.submittedAt),
        background ? or(isNull(jobs.batchId), earlier) : and(isNull(jobs.batchId), earlier),
      ),
    );
  return row?.n ?? 0;
}

/** Jobs workers run right now, everyone's: what the queue's throughput is made of. */
export async function runningCount(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.status, 'running'));
  return row?.n ?? 0;
}

/** The earliest job of a batch waiting for a worker, if one was handed to the runner. */
export async function firstWaitingOfBatch(db: Database, batchId: string) {
  const [row] = await db
    .select({ submittedAt: jobs.submittedAt })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), eq(jobs.status, 'queued'), isNotNull(jobs.submittedAt)))
    .orderBy(asc(jobs.submittedAt))
    .limit(1);
  return row?.submittedAt ?? undefined;
}

/**
 * Seconds the last finished jobs of this kind took from a worker taking them to their end
 * (with the same label where there are such jobs): what an estimate is made of.
 */
export async function recentDuration(db: Database, kind: string, label: string | null) {
  const of = async (sameLabel: boolean) => {
    const recent = db
      .select({
        seconds: sql<number>`extract(epoch from ${jobs.finishedAt} - ${jobs.startedAt})`.as(
          'seconds',
        ),
      })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          eq(jobs.status, 'succeeded'),
          isNotNull(jobs.startedAt),
          ...(sameLabel && label ? [eq(jobs.label, label)] : []),
        ),
      )
      .orderBy(desc(jobs.finishedAt))
      .limit(20)
      .as('recent');
    const [row] = await db
      .select({ avg: sql<number | null>`avg(${recent.seconds})::float8` })
      .from(recent);
    return row?.avg ?? null;
  };
  return (label ? await of(true) : null) ?? (await of(false));
}
