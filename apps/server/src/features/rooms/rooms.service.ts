import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DESIGN_NOT_FOUND,
  type RoomUpload,
  type RoomVariation,
  type SharedDesign,
  type UploadRoomResponse,
} from '@image-lab/contract';
import { MORE_ROOM_STYLES, ROOM_STYLES, isRoomStyle } from '@image-lab/engine';
import { AppError, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { normalizeOrRefuse } from '../images/images.service.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { ownerFolder, type RoomOwner } from './room-owner.ts';
import { removalReport, variationReport } from './room-reports.ts';
import {
  deleteRoomUpload,
  findRoomUpload,
  findSharedRoomUpload,
  insertRoomUpload,
  listRoomUploads,
  setRoomSharingRow,
  storageKeysOfUploads,
  variationsOf,
  type RoomUploadRow,
  type RoomVariationRow,
} from './rooms.repository.ts';

export const ROOM_NOT_FOUND = 'Room design not found';
const LIST_LIMIT = 100;

/** 128 random bits, base64url: the design's id and the key to its public page. */
export const newRoomId = () => crypto.randomBytes(16).toString('base64url');

/** Files of a design live together, so a design's removal is one folder's worth. */
export const roomKey = (owner: RoomOwner, uploadId: string, name: string) =>
  `rooms/${ownerFolder(owner)}/r${uploadId}/${name}`;

export function toVariation(row: RoomVariationRow): RoomVariation {
  return {
    id: row.id,
    imageUrl: urlOfKey(row.storageKey),
    title: row.title,
    style: isRoomStyle(row.style) ? row.style : 'modern',
    createdAt: row.createdAt.toISOString(),
  };
}

const STYLE_ORDER: readonly string[] = [...ROOM_STYLES, ...MORE_ROOM_STYLES];

/** Variations in the order they were made, and within one batch in the styles' order. */
export function orderedVariations(rows: RoomVariationRow[]): RoomVariation[] {
  return [...rows]
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        STYLE_ORDER.indexOf(a.style) - STYLE_ORDER.indexOf(b.style),
    )
    .map(toVariation);
}

const isShared = (row: RoomUploadRow) => row.isPublic && row.shareToken !== null;

export const designShareUrl = (app: FastifyInstance, token: string) =>
  `${app.config.publicUrl}/shared/design/${token}`;

/**
 * A design as its account's people see it. The public page's address only for those who may
 * change the design: for a read-only grantee it would outlive their access.
 */
export function toRoomUpload(
  app: FastifyInstance,
  row: RoomUploadRow,
  variations: RoomVariationRow[],
  canWrite: boolean,
): RoomUpload {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    originalImageUrl: urlOfKey(row.originalKey),
    processedImageUrl: row.processedKey ? urlOfKey(row.processedKey) : null,
    variations: orderedVariations(variations.filter((v) => v.uploadId === row.id)),
    isPublic: isShared(row),
    shareUrl: canWrite && isShared(row) ? designShareUrl(app, row.shareToken!) : null,
    jobId: row.jobId,
    error: row.error,
    width: row.width,
    height: row.height,
  };
}

/** POST /api/upload-room: checked like every upload (type, size, pixels, moderation), stored. */
export async function uploadRoom(
  app: FastifyInstance,
  owner: RoomOwner,
  file: UploadedFile,
  sessionId: string | undefined,
): Promise<UploadRoomResponse> {
  const image = await normalizeOrRefuse(app, file.data);
  const id = newRoomId();
  const key = roomKey(owner, id, 'original.jpg');
  await app.storage.put(key, image.data, 'image/jpeg');
  try {
    await insertRoomUpload(app.database.db, {
      id,
      accountId: owner.kind === 'account' ? owner.accountId : null,
      guestHash: owner.kind === 'guest' ? owner.guestHash : null,
      sessionId: sessionId ?? null,
      status: 'uploaded',
      originalKey: key,
      width: image.width,
      height: image.height,
    });
  } catch (error) {
    await app.storage.delete(key).catch(() => {});
    throw error;
  }
  return { uploadId: id, status: 'uploaded', originalImageUrl: urlOfKey(key) };
}

export async function ownRoomUpload(app: FastifyInstance, owner: RoomOwner, id: string) {
  const row = await findRoomUpload(app.database.db, owner, id);
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return row;
}

export async function getRoomUpload(
  app: FastifyInstance,
  owner: RoomOwner,
  id: string,
  canWrite: boolean,
) {
  const row = await ownRoomUpload(app, owner, id);
  const rows = await variationsOf(app.database.db, [row.id]);
  const design = toRoomUpload(app, row, rows, canWrite);
  return withReports(app, row, rows, design);
}

/** One design's answer also says what the engine did to make each of its images. */
async function withReports(
  app: FastifyInstance,
  row: RoomUploadRow,
  rows: RoomVariationRow[],
  design: RoomUpload,
): Promise<RoomUpload> {
  const keyOf = new Map(rows.map((v) => [v.id, v.storageKey]));
  const [pieces, reports] = await Promise.all([
    row.processedKey ? removalReport(app, row.processedKey) : undefined,
    Promise.all(design.variations.map((v) => variationReport(app, keyOf.get(v.id)!))),
  ]);
  return {
    ...design,
    ...(pieces ? { pieces } : {}),
    variations: design.variations.map((v, i) =>
      reports[i] === undefined ? v : { ...v, report: reports[i] },
    ),
  };
}

export async function listRooms(
  app: FastifyInstance,
  owner: RoomOwner,
  sessionId: string | undefined,
  canWrite: boolean,
) {
  const rows = await listRoomUploads(app.database.db, owner, sessionId, LIST_LIMIT);
  const variations = await variationsOf(
    app.database.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRoomUpload(app, row, variations, canWrite));
}

export async function roomVariations(app: FastifyInstance, owner: RoomOwner, id: string) {
  const row = await ownRoomUpload(app, owner, id);
  return orderedVariations(await variationsOf(app.database.db, [row.id]));
}

/** Rows first (the design disappears at once), then its files. */
export async function deleteRoom(app: FastifyInstance, owner: RoomOwner, id: string) {
  const row = await ownRoomUpload(app, owner, id);
  const keys = await storageKeysOfUploads(app.database.db, [row]);
  if (!(await deleteRoomUpload(app.database.db, owner, id))) throw notFound(ROOM_NOT_FOUND);
  await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
}

export async function setRoomSharing(
  app: FastifyInstance,
  owner: RoomOwner,
  id: string,
  sharing: { isPublic: boolean; by: string },
) {
  const row = await setRoomSharingRow(app.database.db, owner, id, {
    ...sharing,
    newToken: newRoomId(),
  });
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return {
    isPublic: row.isPublic,
    shareUrl: row.shareToken ? designShareUrl(app, row.shareToken) : null,
  };
}

const designNotFound = () => new AppError(404, 'not_found', DESIGN_NOT_FOUND, 'Design Not Found');

/** Which image of a shared design an address names: 'original', 'removed' or a variation id. */
const designImageUrl = (token: string, image: string) =>
  `/api/shared/design/${token}/images/${image}`;

/**
 * The read-only public view of a design its owner shares, by the share's token. Its images are
 * addressed through the share too: the stored paths name the owner's account, and they would
 * not stop working when sharing is turned off.
 */
export async function sharedDesign(app: FastifyInstance, token: string): Promise<SharedDesign> {
  const row = await findSharedRoomUpload(app.database.db, token);
  if (!row) throw designNotFound();
  const design = toRoomUpload(app, row, await variationsOf(app.database.db, [row.id]), false);
  return {
    id: token,
    status: design.status,
    createdAt: design.createdAt,
    originalImageUrl: designImageUrl(token, 'original'),
    processedImageUrl: design.processedImageUrl ? designImageUrl(token, 'removed') : null,
    variations: design.variations.map((v) => ({ ...v, imageUrl: designImageUrl(token, v.id) })),
  };
}

/** The file behind one image address of a shared design, while it is shared. */
export async function sharedDesignImageKey(app: FastifyInstance, token: string, image: string) {
  const row = await findSharedRoomUpload(app.database.db, token);
  if (!row) return undefined;
  if (image === 'original') return row.originalKey;
  if (image === 'removed') return row.processedKey ?? undefined;
  if (!isUuid(image)) return undefined;
  const variations = await variationsOf(app.database.db, [row.id]);
  return variations.find((v) => v.id === image.toLowerCase())?.storageKey;
}
