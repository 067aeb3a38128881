import { intersects, itemBounds, type Rect } from '../geometry';
import { selectOnly } from './select';
import { register } from './types';

/**
 * Dragging on the empty board (working areas §2 hints) selects every item the rectangle
 * touches, rotated items by their bounding box. With Ctrl/Cmd or Shift held, they are added.
 */
export const actionRectangleSelect = register<{ rect: Rect; additive?: boolean }>({
  name: 'rectangleSelect',
  perform: (state, { rect, additive }) => {
    const hit = state.items.filter((item) => intersects(rect, itemBounds(item))).map((i) => i.id);
    return selectOnly(state, additive ? [...state.selected, ...hit] : hit);
  },
});
