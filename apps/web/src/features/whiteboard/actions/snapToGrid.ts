import { GRID_SIZE, MIN_ITEM_SIZE, snap } from '../geometry';
import { register, targetIds, unchanged, updateItems, withItems } from './types';

/**
 * Lines items up on the grid: corners and sizes to the nearest grid line, for the selection or,
 * when nothing is selected, the whole board. Runs when 'Snap to grid' is switched on.
 */
export const actionSnapToGrid = register<{ grid?: number } | void>({
  name: 'snapToGrid',
  label: 'whiteboard.toolbar.snap',
  perform: (state, payload) => {
    const grid = (payload && payload.grid) || GRID_SIZE;
    const ids = targetIds(state, true);
    if (ids.length === 0) return unchanged(state);
    const size = (value: number) => Math.max(grid, MIN_ITEM_SIZE, snap(value, grid));
    return withItems(
      state,
      updateItems(state.items, ids, (item) => ({
        ...item,
        x: snap(item.x, grid),
        y: snap(item.y, grid),
        width: size(item.width),
        height: size(item.height),
      })),
    );
  },
});
