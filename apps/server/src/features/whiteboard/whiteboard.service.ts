import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  emptyBoard,
  mergeBoardItems,
  migrateBoard,
  WHITEBOARD_DEFAULT_HEIGHT,
  WHITEBOARD_DEFAULT_WIDTH,
  WHITEBOARD_ITEMS_MAX,
  WHITEBOARD_TOO_MANY,
  type AddWhiteboardImageRequest,
  type AddWhiteboardImageResponse,
  type WhiteboardBoard,
  type WhiteboardDocument,
  type WhiteboardItem,
  type WhiteboardUpdatedEvent,
} from '@image-lab/contract';
import { badRequest, notFound } from '../../platform/errors.ts';
import { storageKeyFromUrl, urlOfKey } from '../../platform/own-url.ts';
import { findImageByKey } from '../images/images.repository.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import {
  findBoard,
  lockBoard,
  ownedStorageKeys,
  personName,
  saveBoard,
  type WhiteboardRow,
} from './whiteboard.repository.ts';

const imageNotFound = () => notFound('Image not found');
/** New images sent without a position land in a small cascade, so they never hide each other. */
const CASCADE_STEP = 32;
const CASCADE_LENGTH = 8;

/** Checks the project (another account's or an unknown one is 404) and names the board. */
async function boardProject(app: FastifyInstance, accountId: string, projectId?: string | null) {
  const id = projectId ?? null;
  await assertOwnProject(app.database.db, accountId, id);
  return id;
}

/** Our storage key of an address, or undefined for anything that is not ours. */
function keyOf(app: FastifyInstance, url: string): string | undefined {
  try {
    return storageKeyFromUrl(url, app.config.publicUrl);
  } catch {
    return undefined;
  }
}

function toBoard(
  projectId: string | null,
  row: WhiteboardRow | undefined,
  document: WhiteboardDocument = row ? migrateBoard(row.document) : emptyBoard(),
): WhiteboardBoard {
  return {
    projectId,
    version: row?.version ?? 0,
    document,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** Tells the account's other tabs and devices to reload the board; a bus that is down is logged. */
async function publishWhiteboardUpdated(
  app: FastifyInstance,
  accountId: string,
  data: WhiteboardUpdatedEvent,
) {
  try {
    await app.events.publish(accountId, { type: 'whiteboard-updated', data });
  } catch (error) {
    app.log.warn({ err: error }, 'could not publish a whiteboard event');
  }
}

/**
 * The board in the current schema. Images deleted since they were placed are left out, so the
 * board shows only what can still be drawn and the next save forgets them.
 */
export async function getBoard(
  app: FastifyInstance,
  accountId: string,
  projectId?: string | null,
): Promise<WhiteboardBoard> {
  const project = await boardProject(app, accountId, projectId);
  const db = app.database.db;
  const row = await findBoard(db, accountId, project);
  if (!row) return toBoard(project, undefined);
  const document = migrateBoard(row.document);
  const keys = document.items.map((item) => keyOf(app, item.imageUrl));
  const owned = await ownedStorageKeys(db, accountId, [
    ...new Set(keys.filter((k): k is string => Boolean(k))),
  ]);
  const items = document.items.filter((_, i) => keys[i] && owned.has(keys[i]));
  return toBoard(project, row, { ...document, items });
}

export type SaveResult =
  | { saved: WhiteboardBoard }
  | { conflict: WhiteboardBoard; conflicts?: string[]; changedBy?: string };

/**
 * Replaces the board's document when `version` is still the stored one. Every address must be
 * one of the account's stored images: those already on the stored board were checked when they
 * were placed, so an image deleted since does not make the board unsaveable.
 */
export async function saveWhiteboard(
  app: FastifyInstance,
  { accountId, userId }: { accountId: string; userId: string },
  body: {
    projectId?: string | null;
    version: number;
    document: WhiteboardDocument;
    baseItems?: WhiteboardItem[];
  },
): Promise<SaveResult> {
  const project = await boardProject(app, accountId, body.projectId);
  const db = app.database.db;
  const keys = body.document.items.map((item) =>
    storageKeyFromUrl(item.imageUrl, app.config.publicUrl),
  );
  const current = await findBoard(db, accountId, project);
  const placed = new Set(
    (current ? migrateBoard(current.document).items : []).map((i) => keyOf(app, i.imageUrl)),
  );
  const fresh = [...new Set(keys.filter((k) => !placed.has(k)))];
  const owned = await ownedStorageKeys(db, accountId, fresh);
  if (fresh.some((k) => !owned.has(k))) throw imageNotFound();

  const document: WhiteboardDocument = {
    ...body.document,
    items: body.document.items.map((item, i) => ({ ...item, imageUrl: urlOfKey(keys[i]!) })),
  };
  const row = await saveBoard(db, accountId, project, body.version, document, userId);
  if (row) {
    await publishWhiteboardUpdated(app, accountId, { projectId: project, version: row.version });
    return { saved: toBoard(project, row, document) };
  }
  if (!body.baseItems) return { conflict: await getBoard(app, accountId, project) };
  return mergeStaleSave(app, { accountId, userId }, project, body.baseItems, document);
}

/**
 * A save from a stale version, merged with what was saved meanwhile (decision 030): changes to
 * different images are both kept; if both changed one image, nothing is written and the 409
 * names it, so the later client can say whose change was replaced.
 */
async function mergeStaleSave(
  app: FastifyInstance,
  { accountId, userId }: { accountId: string; userId: string },
  project: string | null,
  baseItems: WhiteboardItem[],
  mine: WhiteboardDocument,
): Promise<SaveResult> {
  const base = baseItems.map((item) => {
    const key = keyOf(app, item.imageUrl);
    return key ? { ...item, imageUrl: urlOfKey(key) } : item;
  });
  const outcome = await app.database.db.transaction(async (tx) => {
    const locked = await lockBoard(tx, accountId, project, emptyBoard());
    const theirs = migrateBoard(locked.document);
    const merged = mergeBoardItems(base, theirs.items, mine.items);
    if (merged.conflicts.length > 0) {
      return { conflicts: merged.conflicts, savedBy: locked.updatedBy };
    }
    const document: WhiteboardDocument = { ...mine, items: merged.items };
    const row = await saveBoard(tx, accountId, project, locked.version, document, userId);
    return { row: row!, document };
  });
  if ('conflicts' in outcome) {
    // Another person's change is named; the same person's other tab or device is not.
    const other = outcome.savedBy && outcome.savedBy !== userId ? outcome.savedBy : undefined;
    const changedBy = other ? await personName(app.database.db, other) : undefined;
    return {
      conflict: await getBoard(app, accountId, project),
      conflicts: outcome.conflicts,
      ...(changedBy ? { changedBy } : {}),
    };
  }
  const { row, document } = outcome;
  await publishWhiteboardUpdated(app, accountId, { projectId: project, version: row.version });
  return { saved: toBoard(project, row, document) };
}

const topZ = (items: WhiteboardItem[]) =>
  items.length === 0 ? 0 : Math.max(...items.map((i) => i.zIndex));

/**
 * 'Send to Whiteboard': appends one of the account's images with the spec's defaults (200×150,
 * on top: zIndex 1 on an empty board). The board row is locked, so concurrent sends all land.
 */
export async function addWhiteboardImage(
  app: FastifyInstance,
  { accountId, userId }: { accountId: string; userId: string },
  body: AddWhiteboardImageRequest,
): Promise<AddWhiteboardImageResponse> {
  const project = await boardProject(app, accountId, body.projectId);
  const key = storageKeyFromUrl(body.imageUrl, app.config.publicUrl);
  if (!(await findImageByKey(app.database.db, accountId, key))) throw imageNotFound();

  const { row, item } = await app.database.db.transaction(async (tx) => {
    const locked = await lockBoard(tx, accountId, project, emptyBoard());
    const document = migrateBoard(locked.document);
    if (document.items.length >= WHITEBOARD_ITEMS_MAX) {
      throw badRequest(WHITEBOARD_TOO_MANY, 'whiteboard_full');
    }
    const offset = (document.items.length % CASCADE_LENGTH) * CASCADE_STEP;
    const item: WhiteboardItem = {
      id: crypto.randomUUID(),
      imageUrl: urlOfKey(key),
      x: body.x ?? 40 + offset,
      y: body.y ?? 40 + offset,
      width: body.width ?? WHITEBOARD_DEFAULT_WIDTH,
      height: body.height ?? WHITEBOARD_DEFAULT_HEIGHT,
      rotation: 0,
      zIndex: body.zIndex ?? topZ(document.items) + 1,
    };
    const next = { ...document, items: [...document.items, item] };
    const saved = await saveBoard(tx, accountId, project, locked.version, next, userId);
    return { row: saved!, item };
  });
  await publishWhiteboardUpdated(app, accountId, { projectId: project, version: row.version });
  return { ...toBoard(project, row), item };
}
