import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { batches, batchItems } from '../../db/schema/batches.ts';
import { images, jobs } from '../../db/schema/images.ts';
import { projects } from '../../db/schema/projects.ts';
import type { Database } from '../../platform/db.ts';
import type { Tx } from '../../platform/job-completion.ts';

type Executor = Database | Tx;
export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;
export type NewBatchItem = typeof batchItems.$inferInsert;

const OPEN_ITEM: BatchItemRow['status'][] = ['queued', 'running'];
const OPEN_JOB: ('queued' | 'running')[] = ['queued', 'running'];
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Who a batch belongs to: an account, or a visitor by the hash of its cookie. */
export type BatchOwnerKey = { accountId: string } | { guestHash: string };

const ownedBy = (owner: BatchOwnerKey) =>
  'accountId' in owner
    ? eq(batches.accountId, owner.accountId)
    : eq(batches.guestHash, owner.guestHash);

export async function insertBatch(
  db: Executor,
  values: typeof batches.$inferInsert & { leaseMs: number },
): Promise<BatchRow> {
  const { leaseMs, ...rest } = values;
  const [row] = await db
    .insert(batches)
    .values({ ...rest, leaseExpiresAt: leaseEnd(leaseMs) })
    .returning();
  return row!;
}

export async function insertItems(db: Executor, items: NewBatchItem[]) {
  return db.insert(batchItems).values(items).returning();
}

export async function findBatch(db: Executor, owner: BatchOwnerKey, id: string) {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), ownedBy(owner)));
  return row;
}

export async function findBatchById(db: Executor, id: string) {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row;
}

export async function itemsOf(db: Executor, batchId: string) {
  return db
    .select({ item: batchItems, sourceFilename: images.filename })
    .from(batchItems)
    .leftJoin(images, eq(images.id, batchItems.sourceImageId))
    .where(eq(batchItems.batchId, batchId))
    .orderBy(asc(batchItems.position));
}

export async function findItem(db: Executor, batchId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.id, itemId)));
  return row;
}

/** Batches that run, or ended within `since`, newest first. */
export async function recentBatches(
  db: Executor,
  owner: BatchOwnerKey,
  since: Date,
  limit: number,
) {
  return db
    .select()
    .from(batches)
    .where(and(ownedBy(owner), or(eq(batches.status, 'running'), gt(batches.finishedAt, since))))
    .orderBy(desc(batches.createdAt))
    .limit(limit);
}

/** How many images of each batch are in each state. */
export async function itemCounts(db: Executor, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      batchId: batchItems.batchId,
      status: batchItems.status,
      n: sql<number>`count(*)::int`,
      held: sql<number>`coalesce(sum(${batchItems.allowanceHeld}), 0)::int`,
    })
    .from(batchItems)
    .where(inArray(batchItems.batchId, batchIds))
    .groupBy(batchItems.batchId, batchItems.status);
}

/** Credits of each batch's jobs by how they ended (open ones are still held). */
export async function jobCredits(db: Executor, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      batchId: jobs.batchId,
      status: jobs.status,
      credits: sql<number>`coalesce(sum(${jobs.creditsReserved}), 0)::int`,
    })
    .from(jobs)
    .where(inArray(jobs.batchId, batchIds))
    .groupBy(jobs.batchId, jobs.status);
}

export async function projectNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The batch and every job it still waits for stay leased while this process drives it. */
export async function renewBatchLease(db: Executor, batchId: string, leaseMs: number) {
  await db
    .update(batches)
    .set({ leaseExpiresAt: leaseEnd(leaseMs) })
    .where(and(eq(batches.id, batchId), eq(batches.status, 'running')));
  await db
    .update(jobs)
    .set({ leaseExpiresAt: leaseEnd(leaseMs) })
    .where(and(eq(jobs.batchId, batchId), inArray(jobs.status, OPEN_JOB)));
}

/** The image's turn: queued → running. False when it was cancelled meanwhile. */
export async function claimItem(db: Executor, itemId: string) {
  const rows = await db
    .update(batchItems)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, 'queued')))
    .returning({ id: batchItems.id });
  return rows.length > 0;
}

export async function setItemProgress(db: Executor, itemId: string, progress: number) {
  await db
    .update(batchItems)
    .set({ progress })
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, 'running')));
}

/** A step is done: the image goes on from its result. */
export async function recordStep(
  db: Executor,
  itemId: string,
  values: { step: number; resultImageId: string | null; resultKey: string; progress: number },
) {
  await db
    .update(batchItems)
    .set(values)
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, 'running')));
}

/** Ends an image that is still open; once, whoever gets there first. */
export async function closeItem(
  db: Executor,
  itemId: string,
  values: {
    status: 'succeeded' | 'failed' | 'cancelled';
    error?: string | null;
    errorCode?: string | null;
  },
) {
  const rows = await db
    .update(batchItems)
    .set({
      ...values,
      ...(values.status === 'succeeded' ? { progress: 100 } : {}),
      allowanceHeld: 0,
      finishedAt: sql`now()`,
    })
    .where(and(eq(batchItems.id, itemId), inArray(batchItems.status, OPEN_ITEM)))
    .returning();
  return rows[0];
}

/** The open images of a batch, in order. */
export async function openItems(db: Executor, batchId: string) {
  return db
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), inArray(batchItems.status, OPEN_ITEM)))
    .orderBy(asc(batchItems.position));
}

/**
 * A visitor's image keeps `used` of the free results it held and gives back the rest. False
 * when it held fewer (it was cancelled or swept meanwhile, and gave them back then).
 */
export async function spendAllowance(db: Executor, itemId: string, held: number) {
  const rows = await db
    .update(batchItems)
    .set({ allowanceHeld: 0 })
    .where(
      and(
        eq(batchItems.id, itemId),
        eq(batchItems.allowanceHeld, held),
        inArray(batchItems.status, OPEN_ITEM),
      ),
    )
    .returning({ id: batchItems.id });
  return rows.length > 0;
}

export async function endBatch(db: Executor, batchId: string, status: 'finished' | 'cancelled') {
  const rows = await db
    .update(batches)
    .set({ status, finishedAt: sql`coalesce(${batches.finishedAt}, now())` })
    .where(and(eq(batches.id, batchId), eq(batches.status, 'running')))
    .returning({ id: batches.id });
  return rows.length > 0;
}

/** Running batches whose driver stopped renewing (its process died). */
export async function expiredBatches(db: Executor, limit: number) {
  return db
    .select()
    .from(batches)
    .where(and(eq(batches.status, 'running'), lt(batches.leaseExpiresAt, sql`now()`)))
    .limit(limit);
}

/** Files named by the batch's jobs that failed with `error` (the sweep removes them). */
export async function failedJobFiles(db: Executor, batchId: string, error: string) {
  const rows = await db
    .select({ fileKeys: jobs.fileKeys })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), eq(jobs.status, 'failed'), eq(jobs.error, error)));
  return rows.flatMap((row) => row.fileKeys ?? []);
}

/** Visitors' batches older than `before` (their files are gone with the day). */
export async function deleteGuestBatchesBefore(db: Executor, before: Date) {
  await db
    .delete(batches)
    .where(
      and(
        isNotNull(batches.guestHash),
        lt(batches.createdAt, before),
        eq(batches.status, 'finished'),
      ),
    );
}

/** Results of the batch's finished images that still exist, in the batch's order. */
export async function resultsOf(db: Executor, batchId: string) {
  return db
    .select({
      resultKey: batchItems.resultKey,
      resultImageId: batchItems.resultImageId,
      sourceKey: batchItems.sourceKey,
      sourceFilename: images.filename,
      finishedAt: batchItems.finishedAt,
    })
    .from(batchItems)
    .leftJoin(images, eq(images.id, batchItems.sourceImageId))
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'succeeded')))
    .orderBy(asc(batchItems.position));
}
