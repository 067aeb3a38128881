import { sameBoardItem, type WhiteboardItem } from '@image-lab/contract';

/** What the actions work on: the board's items (saved) and the selection (this screen only). */
export interface BoardState {
  readonly items: readonly WhiteboardItem[];
  /** Ids of the selected items, in the order they were selected. */
  readonly selected: readonly string[];
}

/** A new state, and whether it is a step that Undo takes back (selection changes are not). */
export interface ActionResult {
  state: BoardState;
  commit: boolean;
}

/** The parts of a key press an action's shortcut looks at (a KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * One user action per file, as excalidraw does: a name, the text key of its label, an optional
 * shortcut, and `perform`, which returns a new state without touching the old one.
 */
export interface BoardAction<P = void> {
  name: string;
  label?: string;
  keyTest?: (event: KeyPress) => boolean;
  perform(state: BoardState, payload: P): ActionResult;
}

export const register = <P = void>(action: BoardAction<P>): BoardAction<P> => action;

/** Ctrl on Windows and Linux, Cmd on a Mac: either one counts. */
export const ctrlOrCmd = (event: Pick<KeyPress, 'ctrlKey' | 'metaKey'>) =>
  event.ctrlKey || event.metaKey;

/** Nothing changed: the same state, nothing for the history. */
export const unchanged = (state: BoardState): ActionResult => ({ state, commit: false });

/** The items with `change` applied to those in `ids`; untouched items keep their identity. */
export function updateItems(
  items: readonly WhiteboardItem[],
  ids: Iterable<string>,
  change: (item: WhiteboardItem) => WhiteboardItem,
): readonly WhiteboardItem[] {
  const wanted = new Set(ids);
  let changed = false;
  const next = items.map((item) => {
    if (!wanted.has(item.id)) return item;
    const updated = change(item);
    if (!sameItem(updated, item)) changed = true;
    return sameItem(updated, item) ? item : updated;
  });
  return changed ? next : items;
}

export function sameItem(a: WhiteboardItem, b: WhiteboardItem) {
  return a.id === b.id && sameBoardItem(a, b);
}

/** A step that changes items: it enters the history only when something really changed. */
export function withItems(state: BoardState, items: readonly WhiteboardItem[]): ActionResult {
  if (items === state.items) return unchanged(state);
  const ids = new Set(items.map((i) => i.id));
  const selected = state.selected.filter((id) => ids.has(id));
  return {
    state: {
      items,
      selected: selected.length === state.selected.length ? state.selected : selected,
    },
    commit: true,
  };
}

/** Several actions as one step of the history (one gesture that moves and rotates, say). */
export function performAll(
  state: BoardState,
  steps: readonly { perform(state: BoardState): ActionResult }[],
): ActionResult {
  let commit = false;
  let current = state;
  for (const step of steps) {
    const result = step.perform(current);
    current = result.state;
    commit ||= result.commit;
  }
  return { state: current, commit };
}

/** The selected ids, or every item's when nothing is selected and `allWhenEmpty` is set. */
export const targetIds = (state: BoardState, allWhenEmpty = false): string[] =>
  state.selected.length > 0 || !allWhenEmpty
    ? [...state.selected]
    : state.items.map((item) => item.id);
