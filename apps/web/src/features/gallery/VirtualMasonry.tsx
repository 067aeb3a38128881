import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { columnsForWidth } from '@/lib/gallery-utils';
import { layoutMasonry, visibleIndices, type Box } from './masonry';
import { useInView } from './use-in-view';

/** Tiles this far above and below the viewport exist in the page; the rest are only numbers. */
const OVERSCAN_PX = 900;
/** Scroll positions are rounded to this, so scrolling re-renders a few times a screen, not per pixel. */
const STEP_PX = 120;

/**
 * A masonry grid that keeps only the tiles near the viewport in the page (a few dozen, however
 * many thousands are loaded), with a sentinel below it that asks for the next page when it comes
 * within 100 px. Columns follow the window's width (working areas §9).
 */
export function VirtualMasonry<T>({
  items,
  keyOf,
  heightOf,
  children,
  onEndReached,
  canLoadMore,
  keepIndex,
  onLayout,
  className,
  label,
}: {
  items: readonly T[];
  keyOf(item: T): string;
  heightOf(item: T, columnWidth: number): number;
  children(item: T, index: number, box: Box): ReactNode;
  onEndReached?(): void;
  canLoadMore?: boolean;
  /** Always rendered (the tile being dragged), wherever it is. */
  keepIndex?: number;
  onLayout?(columnWidth: number): void;
  className?: string;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  // The real width is read before the first paint (below); a fixed start lets the server draw it.
  const [windowWidth, setWindowWidth] = useState(1280);
  const columns = columnsForWidth(windowWidth);
  const gap = columns <= 2 ? 8 : 12;
  const [width, setWidth] = useState(0);
  const [view, setView] = useState({ top: 0, bottom: 1600 });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setWindowWidth(window.innerWidth);
    };
    measure();
    // The box follows the window's width, so one observer covers both.
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => resize.disconnect();
  }, []);

  const layout = useMemo(
    () => layoutMasonry(items.length, (i, w) => heightOf(items[i]!, w), { width, columns, gap }),
    [items, heightOf, width, columns, gap],
  );

  useEffect(() => {
    if (layout.columnWidth > 0) onLayout?.(layout.columnWidth);
  }, [layout.columnWidth, onLayout]);

  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = box.current;
      if (!element) return;
      const top = Math.floor(-element.getBoundingClientRect().top / STEP_PX) * STEP_PX;
      const bottom = top + window.innerHeight + STEP_PX;
      setView((v) => (v.top === top && v.bottom === bottom ? v : { top, bottom }));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [layout.height]);

  const shown = useMemo(() => {
    const indices = visibleIndices(layout.boxes, view.top - OVERSCAN_PX, view.bottom + OVERSCAN_PX);
    if (keepIndex !== undefined && keepIndex >= 0 && !indices.includes(keepIndex)) {
      indices.push(keepIndex);
      indices.sort((a, b) => a - b);
    }
    return indices;
  }, [layout.boxes, view, keepIndex]);

  const nearEnd = useInView(sentinel, { once: false });
  useEffect(() => {
    if (nearEnd && canLoadMore) onEndReached?.();
  }, [nearEnd, canLoadMore, items.length, onEndReached]);

  return (
    <>
      <div
        ref={box}
        role="list"
        aria-label={label}
        className={cn('relative w-full', className)}
        style={{ height: layout.height }}
      >
        {width > 0 &&
          shown.map((index) => {
            const item = items[index]!;
            const place = layout.boxes[index]!;
            return (
              <div
                key={keyOf(item)}
                role="listitem"
                className="absolute left-0 top-0"
                style={{
                  width: place.width,
                  height: place.height,
                  transform: `translate3d(${place.x}px, ${place.y}px, 0)`,
                }}
              >
                {children(item, index, place)}
              </div>
            );
          })}
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
    </>
  );
}
