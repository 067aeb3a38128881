import { useEffect, useEffectEvent } from 'react';

interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed into a text field belong to the text, not to the history. */
export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (target.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

export interface ArrowKeyEvent {
  key: string;
  target: KeyTarget | null;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** -1 / 1 for a plain left / right arrow outside text fields and other widgets' keys. */
export function historyStepFor(event: ArrowKeyEvent): -1 | 1 | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return null;
  }
  if (isTypingTarget(event.target)) return null;
  if (event.key === 'ArrowLeft') return -1;
  if (event.key === 'ArrowRight') return 1;
  return null;
}

/** Left and right arrows walk the history (working areas §2). */
export function useHistoryArrowKeys(onStep: (delta: -1 | 1) => void, enabled: boolean) {
  const step = useEffectEvent(onStep);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { key, altKey, ctrlKey, metaKey, shiftKey, defaultPrevented } = event;
      const target = event.target as HTMLInputElement | null;
      const delta = historyStepFor({
        key,
        target,
        altKey,
        ctrlKey,
        metaKey,
        shiftKey,
        defaultPrevented,
      });
      if (delta === null) return;
      event.preventDefault();
      step(delta);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
