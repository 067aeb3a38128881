import type { GalleryItem } from '@image-lab/contract';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GalleryTile, type TileActions } from './GalleryTile';
import { tileSources } from './image-sources';
import { tileHeightFor } from './masonry';
import { moveWithNeighbours, type Move } from './reorder';
import { VirtualMasonry } from './VirtualMasonry';

// Tiles stay where they are while dragging (masonry has no rows to shift along); the target is
// outlined and the drop moves the image into its place.
const stayPut = () => null;
const heightOf = (item: GalleryItem, columnWidth: number) =>
  tileHeightFor(columnWidth, item.width, item.height);
const keyOf = (item: GalleryItem) => item.id;
/**
 * The first 8 images are asked for first (working areas §9 preloads 8). The tiles in view load
 * at once anyway, so the grid gives them priority instead of a separate preloader.
 */
const FIRST_SCREEN = 8;

/** The gallery's grid: virtual masonry, drag to reorder (mouse, touch and keyboard). */
export function GalleryGrid({
  items,
  order,
  selected,
  actions,
  onMove,
  onEndReached,
  canLoadMore,
}: {
  items: readonly GalleryItem[];
  order: string[];
  selected: ReadonlySet<string>;
  actions: TileActions;
  onMove(id: string, move: Move): void;
  onEndReached(): void;
  canLoadMore: boolean;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<GalleryItem | null>(null);
  const [width, setWidth] = useState(0);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const move = moveWithNeighbours(order, String(dragged.id), String(over.id));
    if (move) onMove(String(dragged.id), move);
  };
  const selecting = selected.size > 0;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active: dragged }) =>
        setActive(items.find((item) => item.id === dragged.id) ?? null)
      }
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('gallery.tile.reorderHint') },
      }}
    >
      <SortableContext items={order} strategy={stayPut}>
        <VirtualMasonry
          items={items}
          keyOf={keyOf}
          heightOf={heightOf}
          onEndReached={onEndReached}
          canLoadMore={canLoadMore}
          keepIndex={active ? order.indexOf(active.id) : undefined}
          label={t('gallery.gridLabel')}
          onLayout={setWidth}
        >
          {(item, index, box) => (
            <GalleryTile
              item={item}
              width={box.width}
              selected={selected.has(item.id)}
              selecting={selecting}
              compact={box.height < 150}
              priority={index < FIRST_SCREEN}
              actions={actions}
            />
          )}
        </VirtualMasonry>
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <img
            src={tileSources(active.url, width, window.devicePixelRatio)[0]}
            alt=""
            className="rounded-xl object-cover opacity-90 shadow-2xl ring-2 ring-primary"
            style={{ width, height: heightOf(active, width) }}
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
