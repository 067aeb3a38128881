import { useEffect, useEffectEvent } from 'react';
import { isTypingTarget } from '@/lib/arrow-keys';

/**
 * Single-key shortcuts of the canvas tools ("m", "s", "b"...), lower case; never while typing in
 * a field or with a modifier held, so the browser's own shortcuts stay.
 */
export function useShortcutKeys(keys: Record<string, () => void>, enabled: boolean) {
  const press = useEffectEvent((key: string) => {
    const action = keys[key];
    if (!action) return false;
    action();
    return true;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      if (press(event.key.length === 1 ? event.key.toLowerCase() : event.key)) {
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
