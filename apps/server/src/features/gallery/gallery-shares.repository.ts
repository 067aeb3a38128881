import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { galleryShares, images } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type GalleryShareRow = typeof galleryShares.$inferSelect;

export async function insertShare(db: Database, values: typeof galleryShares.$inferInsert) {
  const rows = await db.insert(galleryShares).values(values).returning();
  return rows[0]!;
}

/** Newest first; an account keeps few links, so the newest 100 are the list. */
export async function sharesOf(db: Database, accountId: string, limit = 100) {
  return db
    .select()
    .from(galleryShares)
    .where(eq(galleryShares.accountId, accountId))
    .orderBy(desc(galleryShares.createdAt), desc(galleryShares.id))
    .limit(limit);
}

/** Revokes a link of this account (again is fine); undefined when it is not theirs. */
export async function revokeShare(db: Database, accountId: string, id: string) {
  const rows = await db
    .update(galleryShares)
    .set({ revokedAt: sql`coalesce(${galleryShares.revokedAt}, now())` })
    .where(and(eq(galleryShares.accountId, accountId), eq(galleryShares.id, id)))
    .returning();
  return rows[0];
}

const live = and(
  isNull(galleryShares.revokedAt),
  or(isNull(galleryShares.expiresAt), gt(galleryShares.expiresAt, sql`now()`)),
);

export async function findShareByToken(db: Database, token: string) {
  const rows = await db.select().from(galleryShares).where(eq(galleryShares.token, token));
  return rows[0];
}

/** A live link (not revoked, not expired) by its token. */
export async function findLiveShare(db: Database, token: string) {
  const rows = await db
    .select()
    .from(galleryShares)
    .where(and(eq(galleryShares.token, token), live));
  return rows[0];
}

/** One more view; answers the new count. */
export async function addView(db: Database, id: string) {
  const rows = await db
    .update(galleryShares)
    .set({ viewCount: sql`${galleryShares.viewCount} + 1` })
    .where(eq(galleryShares.id, id))
    .returning({ viewCount: galleryShares.viewCount });
  return rows[0]?.viewCount;
}

/** How many of `ids` belong to the account (a selection must be entirely its own). */
export async function countOwnImages(db: Database, accountId: string, ids: string[]) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids)));
  return Number(rows[0]?.n ?? 0);
}

export async function imageKeyOfAccount(db: Database, accountId: string, id: string) {
  const rows = await db
    .select({ storageKey: images.storageKey })
    .from(images)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)));
  return rows[0]?.storageKey;
}
