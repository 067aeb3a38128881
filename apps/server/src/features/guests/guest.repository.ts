import { and, inArray, lt, sql } from 'drizzle-orm';
import { guestFiles, guestUsage } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import type { Tx } from '../../platform/job-completion.ts';

type Executor = Database | Tx;

const WINDOW = sql`interval '1 day'`;

/** A window older than a day counts as empty. */
const usedNow = sql<number>`case when ${guestUsage.windowStartedAt} < now() - ${WINDOW} then 0 else ${guestUsage.used} end`;

/**
 * Takes `n` results from every counter in `limits` at once, or from none: each counter's guarded
 * update only succeeds while it stays within its limit, and one failure rolls all back.
 */
export async function takeAllowance(
  db: Executor,
  limits: { key: string; limit: number }[],
  n: number,
): Promise<boolean> {
  if (limits.some((l) => n > l.limit)) return false;
  try {
    await db.transaction(async (tx) => {
      for (const { key, limit } of limits) {
        const rows = await tx
          .insert(guestUsage)
          .values({ key, used: n })
          .onConflictDoUpdate({
            target: guestUsage.key,
            set: {
              used: sql`${usedNow} + ${n}`,
              windowStartedAt: sql`case when ${guestUsage.windowStartedAt} < now() - ${WINDOW} then now() else ${guestUsage.windowStartedAt} end`,
            },
            setWhere: sql`${usedNow} + ${n} <= ${limit}`,
          })
          .returning({ used: guestUsage.used });
        if (rows.length === 0) throw new AllowanceSpent();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof AllowanceSpent) return false;
    throw error;
  }
}
class AllowanceSpent extends Error {}

/** Gives results back after a failed edit (never below zero). */
export async function returnAllowance(db: Executor, keys: string[], n: number) {
  await db
    .update(guestUsage)
    .set({ used: sql`greatest(${guestUsage.used} - ${n}, 0)` })
    .where(inArray(guestUsage.key, keys));
}

/** Results used today by each of `keys` (missing or expired counters count as 0). */
export async function usedToday(db: Database, keys: string[]): Promise<number[]> {
  const rows = await db
    .select({ key: guestUsage.key, used: usedNow })
    .from(guestUsage)
    .where(inArray(guestUsage.key, keys));
  return keys.map((k) => Number(rows.find((r) => r.key === k)?.used ?? 0));
}

export async function recordGuestFiles(db: Executor, guestHash: string, keys: string[]) {
  if (keys.length === 0) return;
  await db.insert(guestFiles).values(keys.map((storageKey) => ({ storageKey, guestHash })));
}

export async function guestFileExists(db: Database, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: guestFiles.storageKey })
    .from(guestFiles)
    .where(inArray(guestFiles.storageKey, [key]));
  return rows.length > 0;
}

/** Up to `limit` guest files older than `before`, oldest first. */
export async function expiredGuestFiles(db: Database, before: Date, limit: number) {
  return db
    .select({ key: guestFiles.storageKey })
    .from(guestFiles)
    .where(lt(guestFiles.createdAt, before))
    .orderBy(guestFiles.createdAt)
    .limit(limit);
}

export async function forgetGuestFiles(db: Database, keys: string[]) {
  if (keys.length > 0) await db.delete(guestFiles).where(and(inArray(guestFiles.storageKey, keys)));
}

/** Counters whose window ended long ago are no longer needed. */
export async function forgetOldUsage(db: Database) {
  await db.delete(guestUsage).where(lt(guestUsage.windowStartedAt, sql`now() - interval '2 days'`));
}
