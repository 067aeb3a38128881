import { describe, expect, it } from 'vitest';
import {
  BoardMigrationError,
  migrateBoard,
  SaveWhiteboardRequest,
  WHITEBOARD_ITEMS_MAX,
  WHITEBOARD_SCHEMA_VERSION,
  WhiteboardDocument,
} from './whiteboard.ts';

const v1Item = {
  id: 'a',
  imageUrl: '/uploads/u/a.jpg',
  x: 10,
  y: 20,
  width: 200,
  height: 150,
  zIndex: 1,
};
const item = (id: string) => ({ ...v1Item, id, rotation: 0 });

describe('migrateBoard', () => {
  it('upgrades a version 1 board: rotation 0 on every item, the rest kept', () => {
    const doc = migrateBoard({
      schemaVersion: 1,
      items: [v1Item, { ...v1Item, id: 'b', x: -5, zIndex: 2 }],
      view: { x: 1, y: 2, scale: 1.5 },
    });
    expect(doc).toEqual({
      schemaVersion: WHITEBOARD_SCHEMA_VERSION,
      items: [
        { ...v1Item, rotation: 0 },
        { ...v1Item, id: 'b', x: -5, zIndex: 2, rotation: 0 },
      ],
      view: { x: 1, y: 2, scale: 1.5 },
    });
  });

  it('treats a board without schemaVersion, or a bare list, as version 1 and names unnamed items', () => {
    const { id: _, ...unnamed } = v1Item;
    expect(
      migrateBoard({ items: [unnamed, { ...unnamed, id: 'item-1' }] }).items.map((i) => i.id),
    ).toEqual(['item-2', 'item-1']);
    expect(migrateBoard([v1Item]).items).toEqual([{ ...v1Item, rotation: 0 }]);
    expect(migrateBoard(null)).toEqual({ schemaVersion: WHITEBOARD_SCHEMA_VERSION, items: [] });
  });

  it('keeps a current board as it is', () => {
    const current = { schemaVersion: WHITEBOARD_SCHEMA_VERSION, items: [item('a'), item('b')] };
    expect(migrateBoard(current)).toEqual(current);
  });

  it('refuses versions it does not know and boards that stay invalid', () => {
    expect(() => migrateBoard({ schemaVersion: 99, items: [] })).toThrow(BoardMigrationError);
    expect(() => migrateBoard({ schemaVersion: 0, items: [] })).toThrow(/Unknown/);
    expect(() => migrateBoard({ schemaVersion: 1, items: [{ ...v1Item, width: -3 }] })).toThrow(
      /width must be at least/,
    );
  });
});

describe('the document schema', () => {
  it('refuses duplicate ids, too many items, and sizes out of range', () => {
    const parse = (items: unknown[]) =>
      WhiteboardDocument.safeParse({ schemaVersion: WHITEBOARD_SCHEMA_VERSION, items });
    expect(parse([item('a'), item('a')]).error?.issues[0]?.message).toBe('Item ids must be unique');
    const many = Array.from({ length: WHITEBOARD_ITEMS_MAX + 1 }, (_, i) => item(`i${i}`));
    expect(parse(many).error?.issues[0]?.message).toMatch(/at most 500/);
    expect(parse([{ ...item('a'), height: 50_000 }]).success).toBe(false);
    expect(parse([{ ...item('a'), x: Number.NaN }]).success).toBe(false);
    expect(parse([{ ...item('a'), id: 'no spaces' }]).success).toBe(false);
    expect(parse([item('a')]).success).toBe(true);
  });

  it('needs a whole, non-negative version to save', () => {
    const document = { schemaVersion: WHITEBOARD_SCHEMA_VERSION, items: [] };
    expect(SaveWhiteboardRequest.safeParse({ version: 1.5, document }).success).toBe(false);
    expect(SaveWhiteboardRequest.safeParse({ version: -1, document }).success).toBe(false);
    expect(SaveWhiteboardRequest.safeParse({ version: 0, document, projectId: 'x' }).success).toBe(
      false,
    );
    expect(SaveWhiteboardRequest.safeParse({ version: 3, document }).success).toBe(true);
  });
});
