import { z } from 'zod';

/**
 * The whiteboard's saved document (working areas §2 Whiteboard, §3 "Whiteboard image"). Every
 * stored board carries `schemaVersion`; older versions are upgraded step by step by
 * `migrateBoard`, so a board saved by an older release still opens (see whiteboard-migrations).
 */
export const WHITEBOARD_SCHEMA_VERSION = 2;
/** Images on one board: far above what a person arranges, low enough to stay smooth. */
export const WHITEBOARD_ITEMS_MAX = 500;
/** Working areas §9: "Whiteboard drop defaults: width 200, height 150, zIndex 1". */
export const WHITEBOARD_DEFAULT_WIDTH = 200;
export const WHITEBOARD_DEFAULT_HEIGHT = 150;
export const WHITEBOARD_DEFAULT_Z_INDEX = 1;
/** Board coordinates stay within ±this many units; sizes within 1 to WHITEBOARD_SIZE_MAX. */
export const WHITEBOARD_COORDINATE_MAX = 1_000_000;
export const WHITEBOARD_SIZE_MIN = 1;
export const WHITEBOARD_SIZE_MAX = 20_000;
export const WHITEBOARD_SCALE_MIN = 0.05;
export const WHITEBOARD_SCALE_MAX = 8;

export const WHITEBOARD_TOO_MANY = `A whiteboard holds at most ${WHITEBOARD_ITEMS_MAX} images.`;
export const WHITEBOARD_VERSION_CONFLICT =
  'The whiteboard was changed somewhere else. The latest version is shown.';

const coordinate = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(-WHITEBOARD_COORDINATE_MAX, `${name} is too far from the centre`)
    .max(WHITEBOARD_COORDINATE_MAX, `${name} is too far from the centre`);

const size = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(WHITEBOARD_SIZE_MIN, `${name} must be at least ${WHITEBOARD_SIZE_MIN}`)
    .max(WHITEBOARD_SIZE_MAX, `${name} can be at most ${WHITEBOARD_SIZE_MAX}`);

const zIndex = z
  .number({ error: 'zIndex must be a number' })
  .int('zIndex must be a whole number')
  .min(-WHITEBOARD_COORDINATE_MAX, 'zIndex is out of range')
  .max(WHITEBOARD_COORDINATE_MAX, 'zIndex is out of range');

export const WhiteboardImageAddress = z
  .string({ error: 'imageUrl must be text' })
  .min(1, 'imageUrl is empty')
  .max(2048, 'imageUrl is too long');

export const WhiteboardItemId = z
  .string({ error: 'Item ids must be text' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Item ids are 1 to 64 letters, digits, - or _');

/** One image placed on the board; x and y are its top-left corner before rotation. */
export const WhiteboardItem = z.object({
  id: WhiteboardItemId,
  imageUrl: WhiteboardImageAddress,
  x: coordinate('x'),
  y: coordinate('y'),
  width: size('width'),
  height: size('height'),
  /** Degrees clockwise about the top-left corner, as Konva rotates. */
  rotation: z
    .number({ error: 'rotation must be a number' })
    .min(-360, 'rotation must be between -360 and 360')
    .max(360, 'rotation must be between -360 and 360'),
  zIndex,
});
export type WhiteboardItem = z.infer<typeof WhiteboardItem>;

/** Where the board was looked at last: the board point at the screen's top-left, and the zoom. */
export const WhiteboardView = z.object({
  x: coordinate('view.x'),
  y: coordinate('view.y'),
  scale: z
    .number({ error: 'view.scale must be a number' })
    .min(WHITEBOARD_SCALE_MIN, 'view.scale is too small')
    .max(WHITEBOARD_SCALE_MAX, 'view.scale is too large'),
});
export type WhiteboardView = z.infer<typeof WhiteboardView>;

/** The current version of a board document. */
export const WhiteboardDocument = z.object({
  schemaVersion: z.literal(WHITEBOARD_SCHEMA_VERSION, {
    error: `schemaVersion must be ${WHITEBOARD_SCHEMA_VERSION}`,
  }),
  items: z
    .array(WhiteboardItem, { error: 'items must be a list' })
    .max(WHITEBOARD_ITEMS_MAX, WHITEBOARD_TOO_MANY)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, {
      message: 'Item ids must be unique',
    }),
  view: WhiteboardView.optional(),
});
export type WhiteboardDocument = z.infer<typeof WhiteboardDocument>;

export const emptyBoard = (): WhiteboardDocument => ({
  schemaVersion: WHITEBOARD_SCHEMA_VERSION,
  items: [],
});

const ProjectIdField = z.uuid({ message: 'Not a valid project id' });

/** GET /api/whiteboard?projectId= (no projectId: the account's default board). */
export const WhiteboardQuery = z.object({ projectId: ProjectIdField.optional() });
export type WhiteboardQuery = z.infer<typeof WhiteboardQuery>;

/** A board as stored: `version` counts saves (0: never saved) and guards against lost updates. */
export const WhiteboardBoard = z.object({
  projectId: z.string().nullable(),
  version: z.number().int(),
  document: WhiteboardDocument,
  updatedAt: z.string().nullable(),
});
export type WhiteboardBoard = z.infer<typeof WhiteboardBoard>;

/** PUT /api/whiteboard: replaces the document when `version` is still the stored one. */
export const SaveWhiteboardRequest = z.object({
  projectId: ProjectIdField.nullish(),
  version: z
    .number({ error: 'version must be a number' })
    .int('version must be a whole number')
    .min(0, 'version cannot be negative'),
  document: WhiteboardDocument,
  /**
   * The images as they were at `version`. With them, a save from a stale version is merged
   * with what was saved meanwhile; only an image both changed is a conflict (409).
   */
  baseItems: z
    .array(WhiteboardItem, { error: 'baseItems must be a list' })
    .max(WHITEBOARD_ITEMS_MAX, WHITEBOARD_TOO_MANY)
    .optional(),
});
export type SaveWhiteboardRequest = z.infer<typeof SaveWhiteboardRequest>;

/** 409 of PUT /api/whiteboard: the board as it is now, so the client can show it. */
export const WhiteboardConflict = z.object({
  message: z.string(),
  code: z.literal('version_conflict'),
  board: WhiteboardBoard,
  /** Images this save and the stored board both changed (when the save sent baseItems). */
  conflicts: z.array(z.string()).optional(),
  /** Who saved the change that won, when it was another person sharing the account. */
  changedBy: z.string().optional(),
});
export type WhiteboardConflict = z.infer<typeof WhiteboardConflict>;

/** POST /api/whiteboard-images ('Send to Whiteboard'): appends one image to the board. */
export const AddWhiteboardImageRequest = z.object({
  imageUrl: WhiteboardImageAddress,
  x: coordinate('x').optional(),
  y: coordinate('y').optional(),
  width: size('width').optional(),
  height: size('height').optional(),
  /** Left out: on top of everything (1 on an empty board, the spec's default). */
  zIndex: zIndex.optional(),
  projectId: ProjectIdField.nullish(),
});
export type AddWhiteboardImageRequest = z.infer<typeof AddWhiteboardImageRequest>;

export const AddWhiteboardImageResponse = WhiteboardBoard.extend({ item: WhiteboardItem });
export type AddWhiteboardImageResponse = z.infer<typeof AddWhiteboardImageResponse>;

/** Data of the `whiteboard-updated` account event. */
export interface WhiteboardUpdatedEvent {
  projectId: string | null;
  version: number;
}

/** A stored board that cannot be brought to the current version. */
export class BoardMigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoardMigrationError';
  }
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Upgrades, one entry per version: `[n]` turns a version-n document into version n+1. Add a
 * step for every change of the document; never edit a step that has shipped (tldraw's habit).
 */
const MIGRATIONS: Record<number, (doc: Loose) => Loose> = {
  // v1 held the spec's fields (imageUrl, x, y, width, height, zIndex). v2 adds rotation, and an
  // id for each item, which v1 did not always have: items are edited and selected by id.
  1: (doc) => {
    const items = Array.isArray(doc.items) ? doc.items : [];
    const taken = new Set(items.map((i) => (isObject(i) ? i.id : undefined)));
    let next = 0;
    const freshId = () => {
      while (taken.has(`item-${++next}`));
      return `item-${next}`;
    };
    return {
      ...doc,
      schemaVersion: 2,
      items: items.map((item) => {
        if (!isObject(item)) return item;
        const id = typeof item.id === 'string' && item.id ? item.id : freshId();
        return { ...item, id, rotation: typeof item.rotation === 'number' ? item.rotation : 0 };
      }),
    };
  },
};

/**
 * Any stored board, brought to the current version and checked. A document without a
 * `schemaVersion` is version 1, and a bare list is version 1's list of images. A version newer
 * than this code knows, or a result that is not a valid board, throws BoardMigrationError.
 */
export function migrateBoard(stored: unknown): WhiteboardDocument {
  let doc: Loose = Array.isArray(stored)
    ? { schemaVersion: 1, items: stored }
    : isObject(stored)
      ? stored
      : { schemaVersion: 1, items: [] };
  let version = doc.schemaVersion === undefined ? 1 : doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new BoardMigrationError(`Unknown whiteboard schemaVersion ${String(version)}`);
  }
  if (version > WHITEBOARD_SCHEMA_VERSION) {
    throw new BoardMigrationError(`Whiteboard schemaVersion ${version} is newer than this app`);
  }
  while (version < WHITEBOARD_SCHEMA_VERSION) {
    doc = MIGRATIONS[version]!(doc);
    version += 1;
  }
  const parsed = WhiteboardDocument.safeParse(doc);
  if (!parsed.success) {
    throw new BoardMigrationError(
      `Stored whiteboard is invalid: ${parsed.error.issues[0]?.message}`,
    );
  }
  return parsed.data;
}
