import type { WhiteboardItem } from '@image-lab/contract';
import { useSyncExternalStore } from 'react';
import { performAll, type ActionResult, type BoardAction, type BoardState } from './actions/types';
import {
  canRedo,
  canUndo,
  createHistory,
  mergeItems,
  record,
  redo,
  replaceItems,
  takeTheirs,
  undo,
  type BoardHistory,
} from './history';

/** One step of a gesture: an action and its payload, run together with the others. */
export interface Step {
  perform(state: BoardState): ActionResult;
}
export const step = <P>(action: BoardAction<P>, payload: P): Step => ({
  perform: (state) => action.perform(state, payload),
});

/**
 * The board's state outside React, so canvas handlers read the latest state and get the result
 * at once (to put Konva's nodes where the action says) while React re-renders from the same store.
 */
export class BoardStore {
  private history: BoardHistory = createHistory();
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly getSnapshot = () => this.history;

  get state(): BoardState {
    return this.history.present;
  }

  run<P>(action: BoardAction<P>, payload: P): BoardState {
    return this.runAll([step(action, payload)]);
  }

  /** Several actions as one step of the history. */
  runAll(steps: readonly Step[]): BoardState {
    this.set(record(this.history, performAll(this.history.present, steps)));
    return this.history.present;
  }

  undo() {
    this.set(undo(this.history));
  }

  redo() {
    this.set(redo(this.history));
  }

  /** The server's board replaces this one (load, another device, conflict). */
  replace(items: readonly WhiteboardItem[]) {
    this.set(replaceItems(this.history, items));
  }

  /** Merged with another device's changes to other images: the history stays. */
  merge(items: readonly WhiteboardItem[]) {
    this.set(mergeItems(this.history, items));
  }

  /** Another device's change to the same image wins, as a step Undo can take back. */
  takeTheirs(items: readonly WhiteboardItem[]) {
    this.set(takeTheirs(this.history, items));
  }

  private set(next: BoardHistory) {
    if (next === this.history) return;
    this.history = next;
    this.listeners.forEach((listener) => listener());
  }
}

export function useBoardState(store: BoardStore) {
  const history = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { state: history.present, canUndo: canUndo(history), canRedo: canRedo(history) };
}
