import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastItem } from './toast-store.ts';

const item = (id: string): ToastItem => ({ id, title: id, open: true });

describe('toastReducer', () => {
  it('shows at most one toast, the newest', () => {
    let state = { toasts: [] as ToastItem[] };
    state = toastReducer(state, { type: 'ADD', toast: item('a') });
    state = toastReducer(state, { type: 'ADD', toast: item('b') });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('dismisses by closing, then removes', () => {
    let state = { toasts: [item('a')] };
    state = toastReducer(state, { type: 'DISMISS', id: 'a' });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: 'REMOVE', id: 'a' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = toastReducer(
      { toasts: [item('a')] },
      {
        type: 'UPDATE',
        toast: { id: 'a', title: 'changed' },
      },
    );
    expect(state.toasts[0]?.title).toBe('changed');
  });
});
