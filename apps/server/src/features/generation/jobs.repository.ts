import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';

export async function insertJob(
  db: Database,
  values: { id: string; accountId: string; kind: string; creditsReserved: number },
) {
  await db.insert(jobs).values({ ...values, status: 'queued' });
}

export async function markJob(
  db: Database,
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

export async function findJob(db: Database, accountId: string, id: string) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, id)));
  return rows[0];
}
