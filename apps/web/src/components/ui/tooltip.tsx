import { Slot } from 'radix-ui';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
const GAP = 6;
const EDGE = 8;

/** When the last tooltip closed: moving straight to another trigger shows its label at once. */
let lastClosedAt = 0;

interface Anchor {
  x: number;
  top: number;
  bottom: number;
}

/**
 * A label on hover or keyboard focus; closes on leave, blur, press, scroll or Escape. Written
 * here rather than taken from Radix because the toolbar shows on the first screen and Radix's
 * tooltip brings a positioning engine (~10 KB compressed) that a label under a button does not
 * need: it sits below the trigger, flips above near the bottom edge and stays inside the window.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const id = useId();
  const trigger = useRef<HTMLElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [anchor, setAnchor] = useState<Anchor | null>(null);

  const show = useCallback(() => {
    const rect = trigger.current?.getBoundingClientRect();
    if (!rect) return;
    setAnchor({ x: rect.left + rect.width / 2, top: rect.top, bottom: rect.bottom });
  }, []);

  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    const warm = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    timer.current = window.setTimeout(show, warm ? 0 : TOOLTIP_DELAY_MS);
  }, [show]);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setAnchor((current) => {
      if (current) lastClosedAt = Date.now();
      return null;
    });
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
    };
  }, [anchor, hide]);

  return (
    <>
      <Slot.Root
        ref={trigger}
        aria-describedby={anchor ? id : undefined}
        onPointerEnter={(event) => event.pointerType === 'mouse' && schedule()}
        onPointerLeave={hide}
        onPointerDown={hide}
        onFocus={(event) => {
          // Keyboard focus shows the label at once; focus from a click does not.
          if (event.currentTarget.matches(':focus-visible')) show();
        }}
        onBlur={hide}
      >
        {children}
      </Slot.Root>
      {anchor && createPortal(<Bubble id={id} anchor={anchor} content={content} />, document.body)}
    </>
  );
}

function Bubble({ id, anchor, content }: { id: string; anchor: Anchor; content: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const below = anchor.bottom + GAP;
    const top =
      below + box.height > window.innerHeight - EDGE ? anchor.top - GAP - box.height : below;
    const left = Math.min(
      Math.max(anchor.x - box.width / 2, EDGE),
      window.innerWidth - EDGE - box.width,
    );
    setPlace({ left, top });
  }, [anchor]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={{
        position: 'fixed',
        left: place?.left ?? 0,
        top: place?.top ?? 0,
        visibility: place ? 'visible' : 'hidden',
      }}
      className="pointer-events-none z-50 max-w-64 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
    >
      {content}
    </div>
  );
}
