import { round2, snap } from '../geometry';
import { register, unchanged, updateItems, withItems } from './types';

/**
 * Moves items by a distance in board units (a drag, or the arrow keys). With a grid, each
 * item's corner then lands on the nearest grid line.
 */
export const actionMoveItems = register<{
  ids: readonly string[];
  dx: number;
  dy: number;
  grid?: number;
}>({
  name: 'moveItems',
  perform: (state, { ids, dx, dy, grid }) => {
    if (ids.length === 0 || (dx === 0 && dy === 0 && !grid)) return unchanged(state);
    const place = (value: number) => (grid ? snap(value, grid) : round2(value));
    return withItems(
      state,
      updateItems(state.items, ids, (item) => ({
        ...item,
        x: place(item.x + dx),
        y: place(item.y + dy),
      })),
    );
  },
});
