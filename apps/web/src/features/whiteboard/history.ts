import type { WhiteboardItem } from '@image-lab/contract';
import type { ActionResult, BoardState } from './actions/types';

/** Steps Undo can go back; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

type Items = readonly WhiteboardItem[];

/** Undo and redo over the board's items; the selection follows but is never a step itself. */
export interface BoardHistory {
  readonly past: readonly Items[];
  readonly present: BoardState;
  readonly future: readonly Items[];
}

export const createHistory = (items: Items = []): BoardHistory => ({
  past: [],
  present: { items, selected: [] },
  future: [],
});

/** Applies an action's result: a committed change becomes a step, and clears what Redo had. */
export function record(history: BoardHistory, result: ActionResult): BoardHistory {
  if (result.state === history.present) return history;
  if (!result.commit || result.state.items === history.present.items) {
    return { ...history, present: result.state };
  }
  return {
    past: [...history.past, history.present.items].slice(-HISTORY_LIMIT),
    present: result.state,
    future: [],
  };
}

/** The selection kept to items that exist in `items`. */
function present(items: Items, selected: readonly string[]): BoardState {
  const ids = new Set(items.map((item) => item.id));
  return { items, selected: selected.filter((id) => ids.has(id)) };
}

export const canUndo = (history: BoardHistory) => history.past.length > 0;
export const canRedo = (history: BoardHistory) => history.future.length > 0;

export function undo(history: BoardHistory): BoardHistory {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: present(previous, history.present.selected),
    future: [history.present.items, ...history.future],
  };
}

export function redo(history: BoardHistory): BoardHistory {
  const next = history.future[0];
  if (!next) return history;
  return {
    past: [...history.past, history.present.items],
    present: present(next, history.present.selected),
    future: history.future.slice(1),
  };
}

/**
 * The board as another device saved it: it replaces this one's, and Undo starts over, since
 * stepping back would write over the other device's work.
 */
export function replaceItems(history: BoardHistory, items: Items): BoardHistory {
  return { past: [], present: present(items, history.present.selected), future: [] };
}

/** The board merged with another device's changes to other images: shown, Undo and Redo kept. */
export function mergeItems(history: BoardHistory, items: Items): BoardHistory {
  return { ...history, present: present(items, history.present.selected) };
}

/**
 * Another device changed the same image: its version is shown as a new step, so Undo brings
 * this one's change back (and saves it).
 */
export function takeTheirs(history: BoardHistory, items: Items): BoardHistory {
  return {
    past: [...history.past, history.present.items].slice(-HISTORY_LIMIT),
    present: present(items, history.present.selected),
    future: [],
  };
}
