/** Which tiles are selected, and where the last plain toggle happened (the Shift-range anchor). */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Flips one tile; it becomes the anchor of the next Shift range. */
export function toggleSelected(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Adds every tile from the anchor to `id` (either direction) to the selection; the anchor stays,
 * so a second Shift-click re-aims the same range. Without a usable anchor it is a toggle.
 */
export function selectRange(selection: Selection, id: string, order: readonly string[]): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggleSelected(selection, id);
  const ids = new Set(selection.ids);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (let i = start; i <= end; i++) ids.add(order[i]!);
  return { ids, anchor: selection.anchor };
}

export const selectAll = (order: readonly string[]): Selection => ({
  ids: new Set(order),
  anchor: order[0] ?? null,
});

/** Drops ids that are no longer shown (deleted here or in another tab, or filtered away). */
export function pruneSelection(selection: Selection, shown: readonly string[]): Selection {
  if (selection.ids.size === 0) return selection;
  const present = new Set(shown);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  const anchor =
    selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null;
  if (ids.size === selection.ids.size && anchor === selection.anchor) return selection;
  return { ids, anchor };
}

export interface ClickModifiers {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * What a click on a tile does to the selection: Shift selects a range, Ctrl/Cmd toggles, and
 * once something is selected a plain click toggles too. `null`: not a selection click (the
 * tile opens in the lightbox).
 */
export function selectionAfterClick(
  selection: Selection,
  id: string,
  order: readonly string[],
  modifiers: ClickModifiers,
): Selection | null {
  if (modifiers.shiftKey) return selectRange(selection, id, order);
  if (modifiers.ctrlKey || modifiers.metaKey || selection.ids.size > 0) {
    return toggleSelected(selection, id);
  }
  return null;
}
