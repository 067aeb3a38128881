import { useEffect, useEffectEvent } from 'react';
import { actionForKey, ctrlOrCmd, type BoardAction } from './actions';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export interface BoardKeyHandlers {
  run(action: BoardAction): void;
  undo(): void;
  redo(): void;
  zoom(direction: 1 | -1): void;
  resetView(): void;
  setEditing(editing: boolean): void;
}

/**
 * The board's shortcuts: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo, + and - zoom,
 * 0 resets the view, V edit mode, H drag mode, and the actions' own keys (Delete, ordering...).
 * Ignored while typing in a field or while a dialog or menu has the focus.
 */
export function useBoardKeys(handlers: BoardKeyHandlers, enabled: boolean) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (typing(event.target) || document.querySelector('[role="menu"], [role="dialog"]')) return;
    const key = event.key.toLowerCase();
    const mod = ctrlOrCmd(event);
    let handled = true;
    if (mod && key === 'z') {
      if (event.shiftKey) handlers.redo();
      else handlers.undo();
    } else if (mod && key === 'y') handlers.redo();
    else if (!mod && (key === '+' || key === '=')) handlers.zoom(1);
    else if (!mod && key === '-') handlers.zoom(-1);
    else if (!mod && key === '0') handlers.resetView();
    else if (!mod && key === 'v') handlers.setEditing(true);
    else if (!mod && key === 'h') handlers.setEditing(false);
    else {
      const action = actionForKey(event);
      if (action) handlers.run(action);
      else handled = false;
    }
    if (handled) event.preventDefault();
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
