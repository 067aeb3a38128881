import { WHITEBOARD_SIZE_MAX } from '@image-lab/contract';
import { MIN_ITEM_SIZE, round2, snap } from '../geometry';
import { register, unchanged, updateItems, withItems } from './types';

export interface ItemBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const clampSize = (value: number) =>
  round2(Math.min(WHITEBOARD_SIZE_MAX, Math.max(MIN_ITEM_SIZE, value)));

/**
 * Sets items' boxes, as the Transformer leaves them after a resize. Sizes stay between 10 and
 * the contract's maximum; with a grid, sizes snap to it too (never below one grid step).
 */
export const actionResizeItems = register<{ boxes: readonly ItemBox[]; grid?: number }>({
  name: 'resizeItems',
  perform: (state, { boxes, grid }) => {
    if (boxes.length === 0) return unchanged(state);
    const byId = new Map(boxes.map((box) => [box.id, box]));
    const size = (value: number) => clampSize(grid ? Math.max(grid, snap(value, grid)) : value);
    return withItems(
      state,
      updateItems(state.items, byId.keys(), (item) => {
        const box = byId.get(item.id)!;
        return {
          ...item,
          x: round2(box.x),
          y: round2(box.y),
          width: size(box.width),
          height: size(box.height),
        };
      }),
    );
  },
});
