import type { ReactNode } from 'react';

export const TOAST_LIMIT = 1;
/** A dismissed toast stays mounted this long so its exit can finish (spec §4). */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  open: boolean;
  duration?: number;
}

export type ToastAction =
  | { type: 'ADD'; toast: ToastItem }
  | { type: 'UPDATE'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

export interface ToastState {
  toasts: ToastItem[];
}

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id),
      };
  }
}
