import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_KEY, TIP_KEY } from '@/lib/editor-selection-keys';
import { reloadIntoProject, SWITCH_RELOAD_MS } from './switch-project';

describe('switching projects (working areas §4)', () => {
  const store = new Map<string, string>();
  const reload = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    store.clear();
    store.set(TIP_KEY, 'tip-1');
    vi.stubGlobal('localStorage', {
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('window', { location: { reload } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('clears the canvas and reloads after 500 ms', () => {
    reloadIntoProject();
    expect(store.get(SELECTED_KEY)).toBe('');
    expect(store.has(TIP_KEY)).toBe(false);
    vi.advanceTimersByTime(SWITCH_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('opens a project on its newest image', () => {
    reloadIntoProject('/uploads/a/newest.jpg');
    expect(store.get(SELECTED_KEY)).toBe('/uploads/a/newest.jpg');
  });
});
