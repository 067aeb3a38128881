import { ctrlOrCmd, register, type ActionResult, type BoardState } from './types';

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The selection set to `ids` (only those on the board); never a step of the history. */
export function selectOnly(state: BoardState, ids: readonly string[]): ActionResult {
  const known = new Set(state.items.map((item) => item.id));
  const selected = [...new Set(ids)].filter((id) => known.has(id));
  if (sameIds(selected, state.selected)) return { state, commit: false };
  return { state: { ...state, selected }, commit: false };
}

/** A click on an item selects just it; a click on the empty board (no ids) clears it. */
export const actionSelect = register<{ ids: readonly string[] }>({
  name: 'select',
  perform: (state, { ids }) => selectOnly(state, ids),
});

/** Escape: nothing selected. */
export const actionClearSelection = register({
  name: 'clearSelection',
  keyTest: (e) => e.key === 'Escape',
  perform: (state) => selectOnly(state, []),
});

/** Ctrl/Cmd+A: every item. */
export const actionSelectAll = register({
  name: 'selectAll',
  keyTest: (e) => ctrlOrCmd(e) && e.key.toLowerCase() === 'a',
  perform: (state) =>
    selectOnly(
      state,
      state.items.map((item) => item.id),
    ),
});
