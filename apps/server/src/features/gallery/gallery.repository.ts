import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { images } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** What a gallery answer needs of an image row; never the whole row. */
export const galleryColumns = {
  id: images.id,
  storageKey: images.storageKey,
  kind: images.kind,
  prompt: images.prompt,
  filename: images.filename,
  width: images.width,
  height: images.height,
  aspectRatio: images.aspectRatio,
  favorite: images.favorite,
  publishedAt: images.publishedAt,
  position: images.position,
  createdAt: images.createdAt,
};
export type GalleryRow = Pick<typeof images.$inferSelect, keyof typeof galleryColumns>;

/** A place in gallery order: position descending, then id descending to break ties. */
export interface GalleryKey {
  position: number;
  id: string;
}

const beforeKey = (key: GalleryKey): SQL =>
  sql`(${images.position}, ${images.id}) < (${key.position}::double precision, ${key.id}::uuid)`;
const afterKey = (key: GalleryKey): SQL =>
  sql`(${images.position}, ${images.id}) > (${key.position}::double precision, ${key.id}::uuid)`;

export interface PageFilter {
  type: 'all' | 'uploaded' | 'generated';
  favorites?: boolean;
  /** A shared selection: only these ids. */
  ids?: string[];
}

/**
 * One keyset page, `limit + 1` rows so the caller knows whether more follow. Served by the
 * index (account_id, position, id) scanned backwards; nothing is sorted or skipped.
 */
export function pageQuery(
  db: Database,
  accountId: string,
  filter: PageFilter,
  after: GalleryKey | undefined,
  limit: number,
) {
  return db
    .select(galleryColumns)
    .from(images)
    .where(
      and(
        eq(images.accountId, accountId),
        filter.type === 'all' ? undefined : eq(images.kind, filter.type),
        filter.favorites ? eq(images.favorite, true) : undefined,
        filter.ids ? inArray(images.id, filter.ids) : undefined,
        after ? beforeKey(after) : undefined,
      ),
    )
    .orderBy(desc(images.position), desc(images.id))
    .limit(limit + 1);
}

/**
 * The owner's marks on one of the account's images: favourite, and published to the landing's
 * public gallery (first publication time kept while it stays published). Undefined when the image
 * is not theirs.
 */
export async function updateMarks(
  db: Database,
  accountId: string,
  id: string,
  marks: { favorite?: boolean; published?: boolean },
) {
  const published =
    marks.published === undefined
      ? {}
      : { publishedAt: marks.published ? sql`coalesce(${images.publishedAt}, now())` : null };
  const rows = await db
    .update(images)
    .set({ ...(marks.favorite === undefined ? {} : { favorite: marks.favorite }), ...published })
    .where(and(eq(images.accountId, accountId), eq(images.id, id)))
    .returning(galleryColumns);
  return rows[0];
}

export async function keysOf(db: Database, accountId: string, ids: string[]) {
  return db
    .select({ id: images.id, position: images.position })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids)));
}

/** The image shown right next to `key` (above it or below it), leaving out `skip`. */
export async function neighbourOf(
  db: Database,
  accountId: string,
  key: GalleryKey,
  side: 'above' | 'below',
  skip: string,
): Promise<GalleryKey | undefined> {
  const rows = await db
    .select({ id: images.id, position: images.position })
    .from(images)
    .where(
      and(
        eq(images.accountId, accountId),
        side === 'above' ? afterKey(key) : beforeKey(key),
        sql`${images.id} <> ${skip}::uuid`,
      ),
    )
    .orderBy(
      ...(side === 'above'
        ? [images.position, images.id]
        : [desc(images.position), desc(images.id)]),
    )
    .limit(1);
  return rows[0];
}

export async function setPosition(db: Database, accountId: string, id: string, position: number) {
  await db
    .update(images)
    .set({ position })
    .where(and(eq(images.accountId, accountId), eq(images.id, id)));
}

export const RENUMBER_STEP = 1024;

/**
 * Spreads the account's images out again, same order, RENUMBER_STEP apart, in one statement.
 * The new values lie far below "now in ms", so new images still arrive on top.
 */
export async function renumberPositions(db: Database, accountId: string) {
  await db.execute(sql`
    update ${images} as i set position = r.rn * ${RENUMBER_STEP}::double precision
    from (
      select id, row_number() over (order by position, id) as rn
      from ${images} where account_id = ${accountId}::uuid
    ) as r
    where i.id = r.id and i.account_id = ${accountId}::uuid`);
}

/** Deletes the rows in one statement, scoped by account; returns what was really deleted. */
export async function deleteImageRows(db: Database, accountId: string, ids: string[]) {
  return db
    .delete(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids)))
    .returning({ id: images.id, storageKey: images.storageKey });
}

/** An image of the landing's public gallery: only while its owner has it published there. */
export async function publishedImageKey(db: Database, id: string): Promise<string | undefined> {
  const rows = await db
    .select({ storageKey: images.storageKey })
    .from(images)
    .where(and(eq(images.id, id), isNotNull(images.publishedAt)));
  return rows[0]?.storageKey;
}

/**
 * The newest images their owners published to the public gallery (docs/decisions/021), newest
 * publication first: one walk of the partial index on published_at, however large the table.
 */
export async function publishedRows(db: Database, limit: number): Promise<GalleryRow[]> {
  return db
    .select(galleryColumns)
    .from(images)
    .where(isNotNull(images.publishedAt))
    .orderBy(desc(images.publishedAt), desc(images.id))
    .limit(limit);
}
