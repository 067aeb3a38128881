import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { PressKind } from './preset-catalogue';

/** Holding a preset this long locks it (working areas §9). */
export const HOLD_TO_LOCK_MS = 1000;

const isHoldKey = (event: KeyboardEvent) => event.key === ' ';

/**
 * Tells a press from a 1-second hold, by pointer or by holding Space. Enter and assistive
 * technology press through the ordinary click.
 */
export function useHoldToLock(onRelease: (kind: PressKind) => void, disabled = false) {
  const [pressing, setPressing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef(false);
  const suppressClick = useRef(false);

  const start = () => {
    if (disabled) return;
    clearTimeout(timer.current);
    held.current = false;
    setPressing(true);
    timer.current = setTimeout(() => {
      held.current = true;
      setPressing(false);
      onRelease('hold');
    }, HOLD_TO_LOCK_MS);
  };
  const stop = () => {
    clearTimeout(timer.current);
    setPressing(false);
    const wasHeld = held.current;
    held.current = false;
    return wasHeld;
  };

  return {
    pressing,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.button === 0) start();
      },
      onPointerUp: (event: PointerEvent) => {
        if (event.button !== 0 || !pressing) return;
        if (!stop()) onRelease('press');
      },
      onPointerLeave: () => void stop(),
      onPointerCancel: () => void stop(),
      onKeyDown: (event: KeyboardEvent) => {
        if (isHoldKey(event) && !event.repeat) start();
      },
      onKeyUp: (event: KeyboardEvent) => {
        if (!isHoldKey(event) || !stop()) return;
        // The hold already locked: the click Space would now make must not also apply.
        suppressClick.current = true;
        setTimeout(() => (suppressClick.current = false), 0);
      },
      onClick: (event: MouseEvent) => {
        // Pointer clicks (detail > 0) were handled on pointer up.
        if (event.detail !== 0 || disabled) return;
        if (suppressClick.current) return void (suppressClick.current = false);
        onRelease('press');
      },
      // A long touch would otherwise open the browser's menu.
      onContextMenu: (event: MouseEvent) => event.preventDefault(),
    },
  };
}
