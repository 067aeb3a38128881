import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { containRect, toPercent } from './contain-rect';
import { maskToRgba, paintStroke } from './paint-mask';
import { asMask, boxFrom, type CanvasSelection, type SelectTool } from './selection-state';

const TINT = [56, 189, 248, 120] as const;
const CLEAR = [0, 0, 0, 0] as const;
/** Brush radius in percent of the picture's width. */
export const BRUSH_SIZES = { small: 1.5, medium: 3, large: 6 } as const;

type Point = { x: number; y: number };

/**
 * Over the picture on the canvas: shows the selection (a tinted mask, a box, a marker for a
 * click) and, while a tool is active, turns pointer input (mouse, pen, touch) into it.
 */
export function SelectionLayer({
  image,
  selection,
  tool,
  brush,
  onChange,
}: {
  image: { width: number; height: number };
  selection: CanvasSelection | null;
  tool: SelectTool | null;
  brush: number;
  onChange(selection: CanvasSelection | null): void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const tint = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [drag, setDrag] = useState<{ start: Point; now: Point } | null>(null);
  const painting = useRef<{ last: Point; mask: ReturnType<typeof asMask> } | null>(null);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rect = containRect(box.width, box.height, image.width, image.height);

  const mask = selection?.kind === 'mask' ? selection.mask : null;
  useEffect(() => {
    const canvas = tint.current;
    if (!canvas || !mask) return;
    canvas.width = mask.width;
    canvas.height = mask.height;
    const pixels = new ImageData(maskToRgba(mask, TINT, CLEAR), mask.width, mask.height);
    canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  }, [mask]);

  const at = (event: PointerEvent) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    return toPercent(event.clientX, event.clientY, bounds);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!tool || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = at(event);
    if (tool === 'point') onChange({ kind: 'point', ...point });
    if (tool === 'box') setDrag({ start: point, now: point });
    if (tool === 'brush') {
      const painted = asMask(selection?.kind === 'point' ? null : selection, image);
      paintStroke(painted, point, point, brush);
      painting.current = { last: point, mask: painted };
      onChange({ kind: 'mask', mask: painted });
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, now: at(event) });
    const stroke = painting.current;
    if (stroke) {
      const point = at(event);
      paintStroke(stroke.mask, stroke.last, point, brush);
      painting.current = { ...stroke, last: point };
      onChange({ kind: 'mask', mask: { ...stroke.mask } });
    }
  };
  const onPointerUp = () => {
    if (drag) {
      const made = boxFrom(drag.start, drag.now);
      if (made) onChange(made);
      setDrag(null);
    }
    painting.current = null;
  };

  const shownBox = drag
    ? boxFrom(drag.start, drag.now)
    : selection?.kind === 'box'
      ? selection
      : null;
  return (
    <div ref={frame} className="pointer-events-none absolute inset-3 z-[4]">
      <div
        data-testid="selection-layer"
        data-tool={tool ?? 'none'}
        aria-label={tool ? t(`editor.selection.area.${tool}`) : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => tool && event.stopPropagation()}
        style={{ left: rect.left, top: rect.top, width: rect.width, height: rect.height }}
        className={cn(
          'absolute',
          tool && 'pointer-events-auto touch-none',
          tool === 'brush' ? 'cursor-cell' : tool ? 'cursor-crosshair' : '',
        )}
      >
        {mask && (
          <canvas
            ref={tint}
            data-testid="selection-mask"
            aria-hidden
            className="absolute inset-0 size-full [image-rendering:auto]"
          />
        )}
        {shownBox && (
          <div
            data-testid="selection-box"
            aria-hidden
            className="absolute rounded-sm border-2 border-sky-400 bg-sky-400/30 shadow-[0_0_0_1px_rgba(0,0,0,0.4)]"
            style={{
              left: `${shownBox.x}%`,
              top: `${shownBox.y}%`,
              width: `${shownBox.width}%`,
              height: `${shownBox.height}%`,
            }}
          />
        )}
        {selection?.kind === 'point' && (
          <span
            data-testid="selection-point"
            aria-hidden
            className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-sky-500 shadow-[0_0_0_4px_rgba(56,189,248,0.45)]"
            style={{ left: `${selection.x}%`, top: `${selection.y}%` }}
          />
        )}
      </div>
    </div>
  );
}
