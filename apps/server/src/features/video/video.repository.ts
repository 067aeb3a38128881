import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';
import { renditionsPrefix } from '../../platform/storage.ts';
import { VIDEO_JOB } from './video.job.ts';

/**
 * A video is made from one image and lives with that image's renditions, named by its job: when
 * the image is deleted, its videos go with it, like its resized copies (docs/decisions/020).
 */
export const videoKeyOf = (sourceKey: string, jobId: string) =>
  `${renditionsPrefix(sourceKey)}video-${jobId}.mp4`;

/** Where videos lived before they moved beside their image (docs/decisions/014). */
const legacyVideoKeyOf = (accountId: string, jobId: string) => `videos/${accountId}/${jobId}.mp4`;

/** Every older video key an account's jobs may have written (deleting none is harmless). */
export async function videoKeysOfAccount(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, VIDEO_JOB)));
  return rows.map((row) => legacyVideoKeyOf(accountId, row.id));
}
