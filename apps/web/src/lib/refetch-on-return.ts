import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EDITED_IMAGES_KEY, GALLERY_PAGE_KEY } from './query-keys';

export const RETURN_DEBOUNCE_MS = 1000;

interface Page {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
    visibilityState: string;
  };
}

/**
 * Foundations §9: when the window regains focus, or the tab becomes visible, after a 1-second
 * debounce the active stale edited images and gallery are fetched again (only the edited images
 * on visibility). Returns the clean-up.
 */
export function refetchOnReturn(queryClient: QueryClient, page: Page): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let withGallery = false;
  const schedule = (gallery: boolean) => {
    withGallery ||= gallery;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const keys = withGallery ? [EDITED_IMAGES_KEY, GALLERY_PAGE_KEY] : [EDITED_IMAGES_KEY];
      withGallery = false;
      for (const queryKey of keys) {
        void queryClient.refetchQueries({ queryKey, type: 'active', stale: true });
      }
    }, RETURN_DEBOUNCE_MS);
  };
  const onFocus = () => schedule(true);
  const onVisibility = () => page.document.visibilityState === 'visible' && schedule(false);
  page.window.addEventListener('focus', onFocus);
  page.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearTimeout(timer);
    page.window.removeEventListener('focus', onFocus);
    page.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Mounted once by the app. */
export function useRefetchOnReturn() {
  const queryClient = useQueryClient();
  useEffect(() => refetchOnReturn(queryClient, { window, document }), [queryClient]);
}
