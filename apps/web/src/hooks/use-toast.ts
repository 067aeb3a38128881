import { useSyncExternalStore } from 'react';
import {
  TOAST_REMOVE_DELAY,
  toastReducer,
  type ToastAction,
  type ToastItem,
  type ToastState,
} from './toast-store.ts';

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function dispatch(action: ToastAction) {
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

/** Shows a toast from anywhere (components, query callbacks). */
export function toast(input: ToastInput) {
  const id = String(++count);
  const dismiss = () => {
    dispatch({ type: 'DISMISS', id });
    scheduleRemoval(id);
  };
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return { id, dismiss };
}

export function dismissToast(id: string) {
  dispatch({ type: 'DISMISS', id });
  scheduleRemoval(id);
}

function subscribe(listener: (state: ToastState) => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The store lives outside React, so a toast raised before the Toaster mounts is still shown. */
export function useToast() {
  const state = useSyncExternalStore(
    subscribe,
    () => memoryState,
    () => memoryState,
  );
  return { ...state, toast, dismiss: dismissToast };
}
