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
import { urlOfKey } from '../../platform/own-url.ts';
import { normalizeOrRefuse } from '../images/images.service.ts';
import type { UploadedFile } from '../images/multipart.ts';
import { ownerFolder, type RoomOwner } from './rooms.owner.ts';
import {
  deleteRoomUpload,
  findRoomUpload,
  findRoomUploadById,
  insertRoomUpload,
  listRoomUploads,
  storageKeysOfUploads,
  updateRoomUpload,
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

export function toRoomUpload(row: RoomUploadRow, variations: RoomVariationRow[]): RoomUpload {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    originalImageUrl: urlOfKey(row.originalKey),
    processedImageUrl: row.processedKey ? urlOfKey(row.processedKey) : null,
    variations: orderedVariations(variations.filter((v) => v.uploadId === row.id)),
    isPublic: row.isPublic,
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

export async function getRoomUpload(app: FastifyInstance, owner: RoomOwner, id: string) {
  const row = await ownRoomUpload(app, owner, id);
  return toRoomUpload(row, await variationsOf(app.database.db, [row.id]));
}

export async function listRooms(app: FastifyInstance, owner: RoomOwner, sessionId?: string) {
  const rows = await listRoomUploads(app.database.db, owner, sessionId, LIST_LIMIT);
  const variations = await variationsOf(
    app.database.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRoomUpload(row, variations));
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
  isPublic: boolean,
) {
  await ownRoomUpload(app, owner, id);
  await updateRoomUpload(app.database.db, id, { isPublic });
  return { isPublic, shareUrl: `${app.config.publicUrl}/shared/design/${id}` };
}

/** The read-only public view: only designs their owner made public; else as if missing. */
export async function sharedDesign(app: FastifyInstance, id: string): Promise<SharedDesign> {
  const row = await findRoomUploadById(app.database.db, id);
  if (!row || !row.isPublic) {
    throw new AppError(404, 'not_found', DESIGN_NOT_FOUND, 'Design Not Found');
  }
  const design = toRoomUpload(row, await variationsOf(app.database.db, [row.id]));
  return {
    id: design.id,
    status: design.status,
    createdAt: design.createdAt,
    originalImageUrl: design.originalImageUrl,
    processedImageUrl: design.processedImageUrl,
    variations: design.variations,
  };
}
