import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';
import { VIDEO_JOB } from './video.job.ts';

/**
 * A video is the result of its job: it lives under a key made from the job's id, so the jobs
 * table already records every video an account owns (docs/decisions/014).
 */
export const videoKeyOf = (accountId: string, jobId: string) => `videos/${accountId}/${jobId}.mp4`;

/** Every video key an account's jobs may have written (any status: deleting none is harmless). */
export async function videoKeysOfAccount(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, VIDEO_JOB)));
  return rows.map((row) => videoKeyOf(accountId, row.id));
}
