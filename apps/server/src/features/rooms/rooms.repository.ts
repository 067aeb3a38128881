import { and, asc, desc, eq, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { roomSegments, roomUploads, roomVariations } from '../../db/schema/rooms.ts';
import type { Database } from '../../platform/db.ts';
import { sharingSwitch, type SharingSwitch } from '../../platform/share-toggle.ts';
import type { RoomOwner } from './room-owner.ts';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type RoomUploadRow = typeof roomUploads.$inferSelect;
export type RoomVariationRow = typeof roomVariations.$inferSelect;
export type RoomSegmentRow = typeof roomSegments.$inferSelect;

/** Every query names its owner: an account, or a guest's cookie hash. */
export function ownedBy(owner: RoomOwner): SQL {
  return owner.kind === 'account'
    ? eq(roomUploads.accountId, owner.accountId)
    : eq(roomUploads.guestHash, owner.guestHash);
}

export async function insertRoomUpload(db: Database, row: typeof roomUploads.$inferInsert) {
  await db.insert(roomUploads).values(row);
}

export async function findRoomUpload(db: Database, owner: RoomOwner, id: string) {
  const rows = await db
    .select()
    .from(roomUploads)
    .where(and(ownedBy(owner), eq(roomUploads.id, id)));
  return rows[0];
}

/** A shared design by its share token (the public page's key, not the design's id). */
export async function findSharedRoomUpload(db: Database, token: string) {
  const rows = await db
    .select()
    .from(roomUploads)
    .where(and(eq(roomUploads.shareToken, token), eq(roomUploads.isPublic, true)));
  return rows[0];
}

/** Turns the design's public page on or off; undefined when the design is not the owner's. */
export async function setRoomSharingRow(
  db: Database,
  owner: RoomOwner,
  id: string,
  sharing: SharingSwitch,
) {
  const rows = await db
    .update(roomUploads)
    .set(sharingSwitch(roomUploads, sharing))
    .where(and(ownedBy(owner), eq(roomUploads.id, id)))
    .returning({ isPublic: roomUploads.isPublic, shareToken: roomUploads.shareToken });
  return rows[0];
}

/** Newest first, at most `limit`; guests see the uploads of their browser session only. */
export async function listRoomUploads(
  db: Database,
  owner: RoomOwner,
  sessionId: string | undefined,
  limit: number,
) {
  const scope =
    owner.kind === 'guest' && sessionId
      ? and(ownedBy(owner), eq(roomUploads.sessionId, sessionId))
      : ownedBy(owner);
  return db
    .select()
    .from(roomUploads)
    .where(scope)
    .orderBy(desc(roomUploads.createdAt), desc(roomUploads.id))
    .limit(limit);
}

export async function updateRoomUpload(
  db: Executor,
  id: string,
  values: Partial<typeof roomUploads.$inferInsert>,
  onlyIfStatus?: RoomUploadRow['status'][],
) {
  const where = onlyIfStatus
    ? and(eq(roomUploads.id, id), inArray(roomUploads.status, onlyIfStatus))
    : eq(roomUploads.id, id);
  const rows = await db
    .update(roomUploads)
    .set({ ...values, updatedAt: new Date() })
    .where(where)
    .returning({ id: roomUploads.id });
  return rows.length > 0;
}

export async function deleteRoomUpload(db: Database, owner: RoomOwner, id: string) {
  const rows = await db
    .delete(roomUploads)
    .where(and(ownedBy(owner), eq(roomUploads.id, id)))
    .returning({ id: roomUploads.id });
  return rows.length > 0;
}

export async function variationsOf(db: Database, uploadIds: string[]) {
  if (uploadIds.length === 0) return [];
  return db
    .select()
    .from(roomVariations)
    .where(inArray(roomVariations.uploadId, uploadIds))
    .orderBy(asc(roomVariations.createdAt), asc(roomVariations.id));
}

export async function insertVariations(db: Executor, rows: (typeof roomVariations.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(roomVariations).values(rows).returning();
}

export async function findVariation(db: Database, id: string) {
  const rows = await db.select().from(roomVariations).where(eq(roomVariations.id, id));
  return rows[0];
}

/** Every file a design has, for deletion: its photo, layers and variations. */
export async function storageKeysOfUploads(db: Database, uploads: RoomUploadRow[]) {
  const variations = await variationsOf(
    db,
    uploads.map((u) => u.id),
  );
  return [
    ...uploads.flatMap((u) =>
      [u.originalKey, u.workingKey, u.processedKey, u.maskKey].filter((k): k is string => !!k),
    ),
    ...variations.map((v) => v.storageKey),
  ];
}

export async function roomKeysOfAccount(db: Database, accountId: string) {
  const uploads = await db.select().from(roomUploads).where(eq(roomUploads.accountId, accountId));
  return storageKeysOfUploads(db, uploads);
}

/** Guests' designs older than `before`, oldest first. */
export async function expiredGuestRooms(db: Database, before: Date, limit: number) {
  return db
    .select()
    .from(roomUploads)
    .where(and(isNotNull(roomUploads.guestHash), lt(roomUploads.createdAt, before)))
    .orderBy(asc(roomUploads.createdAt))
    .limit(limit);
}

export async function deleteRoomUploadsById(db: Database, ids: string[]) {
  if (ids.length > 0) await db.delete(roomUploads).where(inArray(roomUploads.id, ids));
}

/** Processing that no process is running any more (the server stopped in the middle). */
export async function staleProcessing(db: Database, before: Date) {
  return db
    .select({ id: roomUploads.id })
    .from(roomUploads)
    .where(and(eq(roomUploads.status, 'processing'), lt(roomUploads.updatedAt, before)));
}

export async function segmentsOf(db: Database, uploadId: string, imageId: string) {
  return db
    .select()
    .from(roomSegments)
    .where(and(eq(roomSegments.uploadId, uploadId), eq(roomSegments.imageId, imageId)))
    .orderBy(desc(roomSegments.score), asc(roomSegments.id));
}

export async function replaceSegments(
  db: Database,
  uploadId: string,
  imageId: string,
  rows: (typeof roomSegments.$inferInsert)[],
) {
  return db.transaction(async (tx) => {
    await tx
      .delete(roomSegments)
      .where(and(eq(roomSegments.uploadId, uploadId), eq(roomSegments.imageId, imageId)));
    if (rows.length === 0) return [];
    return tx.insert(roomSegments).values(rows).returning();
  });
}

/** A segment with its design, only when the design is the owner's. */
export async function findOwnSegment(db: Database, owner: RoomOwner, segmentId: string) {
  const rows = await db
    .select({ segment: roomSegments, upload: roomUploads })
    .from(roomSegments)
    .innerJoin(roomUploads, eq(roomUploads.id, roomSegments.uploadId))
    .where(and(ownedBy(owner), eq(roomSegments.id, segmentId)));
  return rows[0];
}

export async function saveSearchResults(
  db: Database,
  segmentId: string,
  results: RoomSegmentRow['results'],
  source: string,
) {
  await db
    .update(roomSegments)
    .set({ results, resultsSource: source, searchedAt: new Date() })
    .where(eq(roomSegments.id, segmentId));
}
