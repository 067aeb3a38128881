import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITED_IMAGES_KEY, GALLERY_PAGE_KEY } from './query-keys';
import { RETURN_DEBOUNCE_MS, refetchOnReturn } from './refetch-on-return';

function page() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  return { window, document };
}

describe('refetchOnReturn', () => {
  let client: QueryClient;
  let refetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    refetch = vi.fn().mockResolvedValue(undefined);
    client.refetchQueries = refetch as unknown as QueryClient['refetchQueries'];
  });
  afterEach(() => vi.useRealTimers());

  const askedFor = () => refetch.mock.calls.map((call) => call[0] as unknown);

  it('refetches stale active edited images and gallery 1 s after focus, once for a burst', () => {
    const p = page();
    refetchOnReturn(client, p);
    p.window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(RETURN_DEBOUNCE_MS / 2);
    p.window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(RETURN_DEBOUNCE_MS - 1);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(askedFor()).toEqual([
      { queryKey: EDITED_IMAGES_KEY, type: 'active', stale: true },
      { queryKey: GALLERY_PAGE_KEY, type: 'active', stale: true },
    ]);
  });

  it('refetches only the edited images when the tab becomes visible, and stops when cleaned up', () => {
    const p = page();
    const stop = refetchOnReturn(client, p);
    p.document.dispatchEvent(new Event('visibilitychange')); // hidden: nothing
    p.document.visibilityState = 'visible';
    p.document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(RETURN_DEBOUNCE_MS);
    expect(askedFor()).toEqual([{ queryKey: EDITED_IMAGES_KEY, type: 'active', stale: true }]);
    stop();
    p.window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(RETURN_DEBOUNCE_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
