import { lazy, Suspense } from 'react';
import { useToast } from '@/hooks/use-toast';

/** The toast area's code; a caller that must be sure a toast can be seen awaits it. */
export const loadToastRegion = () => import('./toast-region');

const ToastRegion = lazy(() => loadToastRegion().then((m) => ({ default: m.ToastRegion })));

/**
 * The toast area on every screen. Its code (Radix toast with its dismiss layer) loads with the
 * first toast rather than with the first screen, and the region is mounted while there is a
 * toast to show.
 */
export function Toaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
