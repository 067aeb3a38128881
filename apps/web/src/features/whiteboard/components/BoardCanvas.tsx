import type { WhiteboardItem } from '@image-lab/contract';
import type { Layer as LayerNode } from 'konva/lib/Layer';
import type { Node } from 'konva/lib/Node';
import type { Rect as RectNode } from 'konva/lib/shapes/Rect';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import type { Stage as StageNode } from 'konva/lib/Stage';
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { Layer, Rect, Stage, Transformer } from 'react-konva';
import type { BoardStore } from '../board-store';
import { MIN_ITEM_SIZE, paintOrder } from '../geometry';
import { useCanvasGestures } from '../use-canvas-gestures';
import { useZoomGestures } from '../use-zoom-gestures';
import { stagePosition, thumbnailWidth, type View } from '../view';
import { BoardImage, ITEM_NAME } from './BoardImage';
import { GridLayer } from './GridLayer';

export interface BoardColors {
  grid: string;
  gridStrong: string;
  placeholder: string;
  selection: string;
  selectionFill: string;
}

/** With snapping on, the Transformer's rotation handle stops at these angles. */
const ROTATION_SNAPS = Array.from({ length: 24 }, (_, i) => i * 15);

const Items = memo(function Items({
  items,
  scale,
  draggable,
  placeholder,
}: {
  items: readonly WhiteboardItem[];
  scale: number;
  draggable: boolean;
  placeholder: string;
}) {
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const ordered = useMemo(() => paintOrder(items), [items]);
  return ordered.map((item) => (
    <BoardImage
      key={item.id}
      item={item}
      thumbWidth={thumbnailWidth(item.width, scale, ratio)}
      draggable={draggable}
      placeholder={placeholder}
    />
  ));
});

/** The Konva stage: grid, images, and the selection (Transformer and rubber band) on top. */
export function BoardCanvas({
  store,
  items,
  selected,
  view,
  setView,
  size,
  editing,
  showGrid,
  snapping,
  colors,
  stageRef,
  itemsLayerRef,
  onMenuTarget,
}: {
  store: BoardStore;
  items: readonly WhiteboardItem[];
  selected: readonly string[];
  view: View;
  setView: Dispatch<SetStateAction<View>>;
  size: { width: number; height: number };
  editing: boolean;
  showGrid: boolean;
  snapping: boolean;
  colors: BoardColors;
  stageRef: RefObject<StageNode | null>;
  itemsLayerRef: RefObject<LayerNode | null>;
  onMenuTarget(id: string | null): void;
}) {
  const bandRef = useRef<RectNode>(null);
  const transformerRef = useRef<TransformerNode>(null);
  const gestures = useCanvasGestures({
    store,
    stageRef,
    bandRef,
    transformerRef,
    editing,
    snapping,
    onMenuTarget,
  });
  const zoom = useZoomGestures(stageRef, setView);

  // The Transformer holds the selected nodes; nodes are found again after every change.
  useEffect(() => {
    const transformer = transformerRef.current;
    const stage = stageRef.current;
    if (!transformer || !stage) return;
    const wanted = new Set(editing ? selected : []);
    transformer.nodes(
      stage.find((node: Node) => node.name() === ITEM_NAME && wanted.has(node.id())),
    );
    transformer.getLayer()?.batchDraw();
  }, [selected, items, editing, stageRef]);

  const position = stagePosition(view);
  return (
    <Stage
      ref={stageRef}
      width={size.width}
      height={size.height}
      x={position.x}
      y={position.y}
      scaleX={view.scale}
      scaleY={view.scale}
      draggable={!editing}
      onWheel={zoom.onWheel}
      onTouchMove={zoom.onTouchMove}
      onTouchEnd={zoom.onTouchEnd}
      onDragEnd={zoom.onStageDragEnd}
      onPointerDown={gestures.onPointerDown}
      onPointerMove={gestures.onPointerMove}
      onPointerUp={gestures.onPointerUp}
    >
      {showGrid && <GridLayer color={colors.grid} strong={colors.gridStrong} />}
      <Layer
        ref={itemsLayerRef}
        onDragStart={gestures.onDragStart}
        onDragMove={gestures.onDragMove}
        onDragEnd={gestures.onDragEnd}
      >
        <Items
          items={items}
          scale={view.scale}
          draggable={editing}
          placeholder={colors.placeholder}
        />
      </Layer>
      <Layer>
        <Transformer
          ref={transformerRef}
          keepRatio={false}
          rotationSnaps={snapping ? ROTATION_SNAPS : []}
          anchorStroke={colors.selection}
          borderStroke={colors.selection}
          anchorSize={9}
          anchorCornerRadius={2}
          ignoreStroke
          boundBoxFunc={(before, after) =>
            Math.abs(after.width) < MIN_ITEM_SIZE * view.scale ||
            Math.abs(after.height) < MIN_ITEM_SIZE * view.scale
              ? before
              : after
          }
          onTransformEnd={gestures.onTransformEnd}
        />
        <Rect
          ref={bandRef}
          visible={false}
          listening={false}
          fill={colors.selectionFill}
          stroke={colors.selection}
          strokeWidth={1 / view.scale}
        />
      </Layer>
    </Stage>
  );
}
