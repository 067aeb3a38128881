import type { WhiteboardItem } from '@image-lab/contract';
import { paintOrder } from '../geometry';
import { updateItems, withItems, type ActionResult, type BoardState } from './types';

/**
 * Rewrites zIndex as 1..n in the given back-to-front order. Only items whose zIndex changes get
 * new objects, so the canvas redraws just those.
 */
function renumber(state: BoardState, order: readonly WhiteboardItem[]): ActionResult {
  const zOf = new Map(order.map((item, i) => [item.id, i + 1]));
  const items = updateItems(
    state.items,
    order.map((i) => i.id),
    (item) => (item.zIndex === zOf.get(item.id) ? item : { ...item, zIndex: zOf.get(item.id)! }),
  );
  return withItems(state, items);
}

/** Moves the selected items, keeping their order among themselves. */
export function restack(
  state: BoardState,
  move: (
    order: WhiteboardItem[],
    isSelected: (item: WhiteboardItem) => boolean,
  ) => WhiteboardItem[],
): ActionResult {
  const selected = new Set(state.selected);
  if (selected.size === 0) return { state, commit: false };
  const order = paintOrder(state.items);
  return renumber(
    state,
    move(order, (item) => selected.has(item.id)),
  );
}

/** One step up: each selected item passes the unselected item just above it. */
export function stepUp(order: WhiteboardItem[], isSelected: (item: WhiteboardItem) => boolean) {
  const next = [...order];
  for (let i = next.length - 2; i >= 0; i--) {
    if (isSelected(next[i]!) && !isSelected(next[i + 1]!)) {
      [next[i], next[i + 1]] = [next[i + 1]!, next[i]!];
    }
  }
  return next;
}

/** One step down: each selected item passes the unselected item just below it. */
export function stepDown(order: WhiteboardItem[], isSelected: (item: WhiteboardItem) => boolean) {
  return stepUp([...order].reverse(), isSelected).reverse();
}
