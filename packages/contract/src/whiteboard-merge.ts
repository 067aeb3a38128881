import type { WhiteboardItem } from './whiteboard.ts';

type Items = readonly WhiteboardItem[];

export interface BoardMerge {
  /** Both sides' changes; on a conflicting image, the side named by `prefer`. */
  items: WhiteboardItem[];
  /** Images both sides changed differently (or one moved and the other removed). */
  conflicts: string[];
}

/** The same placement of the same picture (ids aside: items are matched by id before). */
export const sameBoardItem = (a: WhiteboardItem | undefined, b: WhiteboardItem | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.imageUrl === b.imageUrl &&
    a.x === b.x &&
    a.y === b.y &&
    a.width === b.width &&
    a.height === b.height &&
    a.rotation === b.rotation &&
    a.zIndex === b.zIndex);

/**
 * Three-way merge of a board's images by id: `base` is what both sides started from, `theirs`
 * what was saved meanwhile (another tab or device), `mine` this save. A change on one side only
 * is taken; the same change on both is fine; different changes to one image are a conflict,
 * resolved for `prefer`. Order follows `theirs`, then images only `mine` added.
 */
export function mergeBoardItems(
  base: Items,
  theirs: Items,
  mine: Items,
  prefer: 'theirs' | 'mine' = 'theirs',
): BoardMerge {
  const baseById = new Map(base.map((i) => [i.id, i]));
  const mineById = new Map(mine.map((i) => [i.id, i]));
  const theirsIds = new Set(theirs.map((i) => i.id));
  const conflicts: string[] = [];
  const items: WhiteboardItem[] = [];
  const pick = (id: string, b?: WhiteboardItem, t?: WhiteboardItem, m?: WhiteboardItem) => {
    if (sameBoardItem(m, b)) return t;
    if (sameBoardItem(t, b) || sameBoardItem(t, m)) return m;
    conflicts.push(id);
    return prefer === 'theirs' ? t : m;
  };
  for (const t of theirs) {
    const chosen = pick(t.id, baseById.get(t.id), t, mineById.get(t.id));
    if (chosen) items.push(chosen);
  }
  for (const m of mine) {
    if (theirsIds.has(m.id)) continue;
    // Not on their board: new here, or removed there (kept only if changed here meanwhile).
    const chosen = pick(m.id, baseById.get(m.id), undefined, m);
    if (chosen) items.push(chosen);
  }
  return { items, conflicts };
}
