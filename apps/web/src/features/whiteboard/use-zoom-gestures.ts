import type { KonvaEventObject } from 'konva/lib/Node';
import type { Stage } from 'konva/lib/Stage';
import { useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { panBy, viewFromStage, wheelFactor, zoomAt, type Point, type View } from './view';

const distance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * Zooming with the wheel (about the pointer; a trackpad pinch arrives as Ctrl+wheel), pinching
 * with two fingers (zoom and pan at once), and the end of a drag of the whole board (pan mode).
 */
export function useZoomGestures(
  stageRef: RefObject<Stage | null>,
  setView: Dispatch<SetStateAction<View>>,
) {
  const pinch = useRef<{ distance: number; center: Point } | null>(null);

  const onWheel = (e: KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const pointer = stageRef.current?.getPointerPosition();
    if (!pointer) return;
    const factor = wheelFactor(e.evt.deltaY, e.evt.ctrlKey);
    setView((view) => zoomAt(view, factor, pointer));
  };

  const onTouchMove = (e: KonvaEventObject<TouchEvent>) => {
    const stage = stageRef.current;
    const [a, b] = [e.evt.touches[0], e.evt.touches[1]];
    if (!stage || !a || !b) return;
    e.evt.preventDefault();
    // Two fingers: no item or board drag goes on underneath.
    stage.stopDrag();
    stage.find('.board-item').forEach((node) => node.isDragging() && node.stopDrag());
    const box = stage.container().getBoundingClientRect();
    const center = {
      x: (a.clientX + b.clientX) / 2 - box.left,
      y: (a.clientY + b.clientY) / 2 - box.top,
    };
    const gap = distance(a, b);
    const last = pinch.current;
    pinch.current = { distance: gap, center };
    if (!last || last.distance === 0) return;
    setView((view) =>
      panBy(
        zoomAt(view, gap / last.distance, center),
        center.x - last.center.x,
        center.y - last.center.y,
      ),
    );
  };

  const onTouchEnd = () => {
    pinch.current = null;
  };

  const onStageDragEnd = (e: KonvaEventObject<DragEvent>) => {
    const stage = stageRef.current;
    if (!stage || e.target !== stage) return;
    setView(viewFromStage(stage.position(), stage.scaleX()));
  };

  return { onWheel, onTouchMove, onTouchEnd, onStageDragEnd };
}
