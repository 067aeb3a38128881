/** A drop: the new order, and the ids now shown just before and just after the moved one. */
export interface Move {
  order: string[];
  beforeId: string | null;
  afterId: string | null;
}

/**
 * Dropping `activeId` onto `overId` moves it into the other's place (after it when moving
 * down, before it when moving up), as a sortable list does. The neighbours are what
 * POST /api/gallery/reorder needs; null at either end of what is loaded.
 */
export function moveWithNeighbours(
  order: readonly string[],
  activeId: string,
  overId: string,
): Move | null {
  const from = order.indexOf(activeId);
  const to = order.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return null;
  const next = order.filter((id) => id !== activeId);
  next.splice(to, 0, activeId);
  return { order: next, beforeId: next[to - 1] ?? null, afterId: next[to + 1] ?? null };
}

/** Applies a new order of ids to pages of items, keeping each page's length. */
export function reorderPages<T extends { id: string }>(
  pages: readonly (readonly T[])[],
  order: readonly string[],
): T[][] {
  const byId = new Map(pages.flat().map((item) => [item.id, item]));
  const sorted = order.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));
  const out: T[][] = [];
  let at = 0;
  for (const page of pages) {
    out.push(sorted.slice(at, at + page.length));
    at += page.length;
  }
  return out;
}
