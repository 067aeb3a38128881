import type { WhiteboardItem } from '@image-lab/contract';
import type { KonvaEventObject, Node } from 'konva/lib/Node';
import type { Rect as RectNode } from 'konva/lib/shapes/Rect';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import type { Stage } from 'konva/lib/Stage';
import { useRef, type RefObject } from 'react';
import {
  actionMoveItems,
  actionRectangleSelect,
  actionResizeItems,
  actionRotateItems,
  actionSelect,
  actionToggleSelection,
} from './actions';
import { step, type BoardStore } from './board-store';
import { ITEM_NAME } from './components/BoardImage';
import { GRID_SIZE, rectFromPoints, snap } from './geometry';

type PointerEvent = KonvaEventObject<PointerEvent | MouseEvent | TouchEvent>;
const isItem = (node: Node) => node.name() === ITEM_NAME;
const additive = (evt: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) =>
  evt.ctrlKey || evt.metaKey || evt.shiftKey;
/** A rectangle smaller than this on screen is a click on the empty board. */
const CLICK_SLOP_PX = 4;

/** Puts Konva's nodes where the store says (after a drag or transform Konva did itself). */
export function placeNodes(stage: Stage, items: readonly WhiteboardItem[], ids: Iterable<string>) {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const id of ids) {
    const node = stage.findOne(`#${CSS.escape(id)}`);
    const item = byId.get(id);
    if (!node || !item) continue;
    node.setAttrs({
      x: item.x,
      y: item.y,
      width: item.width,
      height: item.height,
      rotation: item.rotation,
      scaleX: 1,
      scaleY: 1,
    });
  }
}

/**
 * Selecting, Ctrl/Cmd-click, rectangle selection, dragging several items and the Transformer,
 * in edit mode. Konva moves nodes during a gesture; the store gets one action at its end.
 */
export function useCanvasGestures({
  store,
  stageRef,
  bandRef,
  transformerRef,
  editing,
  snapping,
  onMenuTarget,
}: {
  store: BoardStore;
  stageRef: RefObject<Stage | null>;
  bandRef: RefObject<RectNode | null>;
  transformerRef: RefObject<TransformerNode | null>;
  editing: boolean;
  snapping: boolean;
  onMenuTarget(id: string | null): void;
}) {
  const band = useRef<{ from: { x: number; y: number }; additive: boolean } | null>(null);
  const drag = useRef<Map<string, { x: number; y: number }> | null>(null);
  const clicked = useRef<string | null>(null);

  const boardPointer = () => stageRef.current?.getRelativePointerPosition() ?? null;

  const onPointerDown = (e: PointerEvent) => {
    const evt = e.evt as MouseEvent;
    const target = e.target;
    if (evt.button === 2) {
      const id = isItem(target) ? target.id() : null;
      if (id && !store.state.selected.includes(id)) store.run(actionSelect, { ids: [id] });
      onMenuTarget(id);
      return;
    }
    if (!editing || evt.button === 1) return;
    if (isItem(target)) {
      const id = target.id();
      if (additive(evt)) store.run(actionToggleSelection, { id });
      else if (!store.state.selected.includes(id)) store.run(actionSelect, { ids: [id] });
      // A click (no drag) on an item of a larger selection selects just it, on release.
      else clicked.current = id;
      return;
    }
    if (target !== stageRef.current) return;
    const from = boardPointer();
    if (!from) return;
    band.current = { from, additive: additive(evt) };
    bandRef.current?.setAttrs({ x: from.x, y: from.y, width: 0, height: 0, visible: true });
  };

  const onPointerMove = () => {
    if (!band.current) return;
    const to = boardPointer();
    if (to) bandRef.current?.setAttrs(rectFromPoints(band.current.from, to));
  };

  const onPointerUp = () => {
    const single = clicked.current;
    clicked.current = null;
    if (single) store.run(actionSelect, { ids: [single] });
    const started = band.current;
    band.current = null;
    if (!started) return;
    bandRef.current?.visible(false);
    const to = boardPointer() ?? started.from;
    const rect = rectFromPoints(started.from, to);
    const scale = stageRef.current?.scaleX() ?? 1;
    if (Math.max(rect.width, rect.height) * scale < CLICK_SLOP_PX) {
      if (!started.additive) store.run(actionSelect, { ids: [] });
      return;
    }
    store.run(actionRectangleSelect, { rect, additive: started.additive });
  };

  const onDragStart = (e: KonvaEventObject<DragEvent>) => {
    const stage = stageRef.current;
    if (!stage || !isItem(e.target)) return;
    const id = e.target.id();
    clicked.current = null;
    if (!store.state.selected.includes(id)) store.run(actionSelect, { ids: [id] });
    drag.current = new Map();
    for (const selected of store.state.selected) {
      const node = stage.findOne(`#${CSS.escape(selected)}`);
      if (node) drag.current.set(selected, node.position());
    }
  };

  const onDragMove = (e: KonvaEventObject<DragEvent>) => {
    const starts = drag.current;
    const stage = stageRef.current;
    if (!starts || !stage || !isItem(e.target)) return;
    const node = e.target;
    if (snapping) node.position({ x: snap(node.x()), y: snap(node.y()) });
    const start = starts.get(node.id());
    if (!start) return;
    const dx = node.x() - start.x;
    const dy = node.y() - start.y;
    // The Transformer drags the other selected nodes itself; any it does not, follow here.
    for (const [id, from] of starts) {
      const other = id === node.id() ? undefined : stage.findOne(`#${CSS.escape(id)}`);
      if (other && !other.isDragging()) other.position({ x: from.x + dx, y: from.y + dy });
    }
  };

  const onDragEnd = (e: KonvaEventObject<DragEvent>) => {
    const starts = drag.current ?? new Map<string, { x: number; y: number }>();
    drag.current = null;
    const stage = stageRef.current;
    if (!stage || !isItem(e.target)) return;
    // The distance is measured from where the store has the item, so it holds however the
    // drag began (a selection that changed on the way in, a Transformer attached mid-drag).
    const item = store.state.items.find((i) => i.id === e.target.id());
    if (!item) return;
    const ids = [...new Set([item.id, ...starts.keys()])];
    const next = store.run(actionMoveItems, {
      ids,
      dx: e.target.x() - item.x,
      dy: e.target.y() - item.y,
      grid: snapping ? GRID_SIZE : undefined,
    });
    placeNodes(stage, next.items, ids);
  };

  const onTransformEnd = () => {
    const stage = stageRef.current;
    const nodes = transformerRef.current?.nodes() ?? [];
    if (!stage || nodes.length === 0) return;
    const boxes = nodes.map((node) => ({
      id: node.id(),
      x: node.x(),
      y: node.y(),
      width: node.width() * node.scaleX(),
      height: node.height() * node.scaleY(),
      rotation: node.rotation(),
    }));
    const next = store.runAll([
      step(actionResizeItems, { boxes, grid: snapping ? GRID_SIZE : undefined }),
      step(actionRotateItems, { turns: boxes, snapAngle: snapping }),
    ]);
    placeNodes(
      stage,
      next.items,
      boxes.map((b) => b.id),
    );
    transformerRef.current?.forceUpdate();
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onDragStart,
    onDragMove,
    onDragEnd,
    onTransformEnd,
  };
}
