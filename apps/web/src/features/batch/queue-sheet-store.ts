import { useSyncExternalStore } from 'react';

/** The queue sheet: closed, open on the list, or open on one batch. */
export interface QueueSheetState {
  open: boolean;
  batchId: string | null;
}

let state: QueueSheetState = { open: false, batchId: null };
const listeners = new Set<() => void>();

function set(next: QueueSheetState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Opens the queue on one batch (the gallery does this when a batch starts). */
export const showBatch = (batchId: string) => set({ open: true, batchId });
export const showQueue = () => set({ open: true, batchId: null });
export const closeQueue = () => set({ ...state, open: false });

export function useQueueSheet(): QueueSheetState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
