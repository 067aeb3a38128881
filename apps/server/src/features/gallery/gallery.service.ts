import type { FastifyInstance } from 'fastify';
import type {
  GalleryItem,
  GalleryPage,
  GalleryResponse,
  ReorderGalleryRequest,
  ReorderGalleryResponse,
} from '@image-lab/contract';
import { badRequest, notFound } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import type { Database } from '../../platform/db.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import {
  deleteImageRows,
  keysOf,
  neighbourOf,
  pageQuery,
  publishedRows,
  renumberPositions,
  setPosition,
  type GalleryKey,
  type GalleryRow,
  type PageFilter,
} from './gallery.repository.ts';

export const PUBLIC_SAMPLE_SIZE = 24;

export function toGalleryItem(row: GalleryRow, url = urlOfKey(row.storageKey)): GalleryItem {
  return {
    id: row.id,
    filename: row.filename,
    url,
    ...(row.prompt ? { prompt: row.prompt } : {}),
    createdAt: row.createdAt.toISOString(),
    type: row.kind,
    favorite: row.favorite,
    published: row.publishedAt !== null,
    width: row.width,
    height: row.height,
    aspectRatio: row.aspectRatio,
  };
}

/** Opaque to clients: base64url of [position, id]. JSON keeps a double exactly. */
export const encodeCursor = (key: GalleryKey) =>
  Buffer.from(JSON.stringify([key.position, key.id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string): GalleryKey {
  const invalid = () =>
    badRequest('Invalid cursor: load the gallery again from the start', 'invalid_cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [position, id] = value as unknown[];
  if (typeof position !== 'number' || !Number.isFinite(position)) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  return { position, id: id.toLowerCase() };
}

/** Reads `limit + 1` rows; the extra one only says that another page follows. */
export async function readPage<T>(
  db: Database,
  accountId: string,
  filter: PageFilter,
  cursor: string | undefined,
  limit: number,
  map: (row: GalleryRow) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const rows = await pageQuery(db, accountId, filter, after, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

export function galleryPage(
  app: FastifyInstance,
  accountId: string,
  query: { cursor?: string; limit: number; type: PageFilter['type']; favorites?: boolean },
): Promise<GalleryPage> {
  const filter = { type: query.type, favorites: query.favorites };
  return readPage(app.database.db, accountId, filter, query.cursor, query.limit, (row) =>
    toGalleryItem(row),
  );
}

/**
 * The landing page's public gallery: only images their owners published there, addressed by
 * image id (never the owner's storage path), without the owner's own marks.
 */
export async function publicSample(app: FastifyInstance): Promise<GalleryResponse> {
  const rows = await publishedRows(app.database.db, PUBLIC_SAMPLE_SIZE);
  return rows.map((row) => {
    const {
      favorite: _mark,
      published: _choice,
      ...item
    } = toGalleryItem(row, publishedImageUrl(row.id));
    return item;
  });
}

export const publishedImageUrl = (id: string) => `/api/gallery/public/${id}`;

const MIN_GAP = 1e-3;
const compareKeys = (a: GalleryKey, b: GalleryKey) =>
  a.position === b.position ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.position - b.position;

/**
 * A drag is one small write: the new position is halfway between the new neighbours'. When
 * doubles can no longer split the gap, the account's order is renumbered first (one statement).
 */
export async function reorderImage(
  app: FastifyInstance,
  accountId: string,
  request: ReorderGalleryRequest,
): Promise<ReorderGalleryResponse> {
  const { id, beforeId, afterId } = request;
  const wanted = [id, beforeId, afterId].filter((x): x is string => Boolean(x));
  const result = await app.database.db.transaction(async (tx) => {
    const bounds = async () => {
      const rows = await keysOf(tx, accountId, wanted);
      const keyOf = (wantedId: string) => rows.find((r) => r.id === wantedId);
      if (wanted.some((w) => !keyOf(w))) throw notFound('Image not found');
      const upper = beforeId
        ? keyOf(beforeId)
        : await neighbourOf(tx, accountId, keyOf(afterId!)!, 'above', id);
      const lower = afterId
        ? keyOf(afterId)
        : await neighbourOf(tx, accountId, keyOf(beforeId!)!, 'below', id);
      if (upper && lower && compareKeys(upper, lower) <= 0) {
        throw badRequest('beforeId must be shown before afterId', 'bad_neighbours');
      }
      return { upper, lower };
    };
    let { upper, lower } = await bounds();
    let renumbered = false;
    const roomBetween = (u: number, l: number) => {
      const mid = (u + l) / 2;
      return u - l >= MIN_GAP && mid > l && mid < u;
    };
    if (upper && lower && !roomBetween(upper.position, lower.position)) {
      await renumberPositions(tx, accountId);
      renumbered = true;
      ({ upper, lower } = await bounds());
    }
    const position =
      upper && lower
        ? (upper.position + lower.position) / 2
        : upper
          ? upper.position - 1
          : lower!.position + 1;
    await setPosition(tx, accountId, id, position);
    return { id, position, renumbered };
  });
  await publishImagesUpdated(app, accountId, 'reordered', [id]);
  return result;
}

/**
 * Rows first, in one statement scoped by the account, then the files. A failed statement
 * changes nothing; a file that cannot be removed (after one retry) is logged and left behind,
 * so no row ever names a missing file.
 */
export async function deleteGalleryImages(
  app: FastifyInstance,
  accountId: string,
  ids: string[],
): Promise<number> {
  const deleted = await deleteImageRows(app.database.db, accountId, [...new Set(ids)]);
  const failed: string[] = [];
  const removeOne = async (key: string) => {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        return await app.storage.delete(key);
      } catch (error) {
        if (attempt === 2) {
          failed.push(key);
          app.log.warn({ err: error, key }, 'an image row was deleted but its file was not');
        }
      }
    }
  };
  const keys = deleted.map((d) => d.storageKey);
  for (let i = 0; i < keys.length; i += 16) {
    await Promise.all(keys.slice(i, i + 16).map(removeOne));
  }
  if (deleted.length > 0) {
    await publishImagesUpdated(
      app,
      accountId,
      'deleted',
      deleted.map((d) => d.id),
    );
  }
  return deleted.length;
}
