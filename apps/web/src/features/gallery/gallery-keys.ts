import { useEffect, useEffectEvent } from 'react';
import type { ArrowKeyEvent } from '@/lib/arrow-keys';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed into a text field belong to the text (as the editor's arrow keys decide). */
function isTypingTarget(target: ArrowKeyEvent['target']): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (target.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

export type GalleryKeyAction = 'delete' | 'selectAll' | 'clear';

/** Delete (or the Mac's Backspace) asks to delete, Ctrl/Cmd+A selects all, Escape clears. */
export function galleryKeyAction(
  event: Omit<ArrowKeyEvent, 'shiftKey'>,
  hasSelection: boolean,
): GalleryKeyAction | null {
  if (event.defaultPrevented || isTypingTarget(event.target)) return null;
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && event.key.toLowerCase() === 'a') return 'selectAll';
  if (command || event.altKey) return null;
  if ((event.key === 'Delete' || event.key === 'Backspace') && hasSelection) return 'delete';
  if (event.key === 'Escape' && hasSelection) return 'clear';
  return null;
}

/** The gallery's keys, on while no dialog or lightbox is open over it. */
export function useGalleryKeys(
  enabled: boolean,
  hasSelection: boolean,
  onAction: (action: GalleryKeyAction) => void,
) {
  const act = useEffectEvent(onAction);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = galleryKeyAction(
        {
          key: event.key,
          target: event.target as HTMLElement | null,
          altKey: event.altKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          defaultPrevented: event.defaultPrevented,
        },
        hasSelection,
      );
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, hasSelection]);
}
