import { and, desc, eq, exists, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { galleryShares, images, projects } from '../../db/schema/index.ts';
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

export async function galleryRowsByIds(db: Database, ids: string[]): Promise<GalleryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(galleryColumns)
    .from(images)
    .where(inArray(images.id, ids))
    .orderBy(desc(images.createdAt), desc(images.id));
}

export async function setFavorite(db: Database, accountId: string, id: string, favorite: boolean) {
  const rows = await db
    .update(images)
    .set({ favorite })
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

/** A link share that anyone may open: not revoked, not expired, not addressed to one person. */
const liveLinkShare = and(
  isNull(galleryShares.revokedAt),
  or(isNull(galleryShares.expiresAt), gt(galleryShares.expiresAt, sql`now()`)),
  isNull(galleryShares.sharedWithEmail),
);

/** An image may be shown to visitors when its project is public or a live link shares it. */
export async function publicImageKey(db: Database, id: string): Promise<string | undefined> {
  const rows = await db
    .select({ storageKey: images.storageKey })
    .from(images)
    .where(
      and(
        eq(images.id, id),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(projects)
              .where(and(eq(projects.id, images.projectId), eq(projects.isPublic, true))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(galleryShares)
              .where(
                and(
                  eq(galleryShares.accountId, images.accountId),
                  liveLinkShare,
                  sql`(${galleryShares.imageIds} is null or ${images.id} = any(${galleryShares.imageIds}))`,
                ),
              ),
          ),
        ),
      ),
    );
  return rows[0]?.storageKey;
}

/**
 * Ids of the newest public images: from the 50 newest live link shares and the 50 most recently
 * changed public projects, at most `limit` from each, merged. Every part is an index walk of at
 * most `limit` rows, so the sample stays cheap however large the galleries are.
 */
export async function publicSampleIds(db: Database, limit: number): Promise<string[]> {
  // Both drivers answer raw SQL with `{ rows }`; the shared Database type cannot say so.
  const result = (await db.execute(sql`
    with shares as (
      select account_id, image_ids from gallery_shares
      where revoked_at is null and (expires_at is null or expires_at > now())
        and shared_with_email is null
      order by created_at desc limit 50
    ), public_projects as (
      select id from projects where is_public order by updated_at desc limit 50
    ), candidates as (
      select c.id, c.created_at from shares s cross join lateral (
        select i.id, i.created_at from images i
        where s.image_ids is null and i.account_id = s.account_id
        order by i.created_at desc limit ${limit}
      ) c
      union
      select c.id, c.created_at from shares s cross join lateral (
        select i.id, i.created_at from images i
        where s.image_ids is not null and i.id = any(s.image_ids) and i.account_id = s.account_id
        order by i.created_at desc limit ${limit}
      ) c
      union
      select c.id, c.created_at from public_projects p cross join lateral (
        select i.id, i.created_at from images i where i.project_id = p.id
        order by i.created_at desc limit ${limit}
      ) c
    )
    select id from candidates order by created_at desc, id desc limit ${limit}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((r) => r.id);
}
