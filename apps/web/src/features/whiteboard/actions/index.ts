import { actionBringForward } from './bringForward';
import { actionBringToFront } from './bringToFront';
import { actionDeleteItems } from './deleteItems';
import { actionClearSelection, actionSelectAll } from './select';
import { actionSendBackward } from './sendBackward';
import { actionSendToBack } from './sendToBack';
import type { BoardAction, KeyPress } from './types';

export { actionAddImages, newItemId, type NewImage } from './addImages';
export { actionMoveItems } from './moveItems';
export { actionResizeItems, type ItemBox } from './resizeItems';
export { actionRotateItems } from './rotateItems';
export { actionSnapToGrid } from './snapToGrid';
export { actionSelect, actionClearSelection, actionSelectAll } from './select';
export { actionToggleSelection } from './toggleSelection';
export { actionRectangleSelect } from './rectangleSelect';
export {
  actionBringForward,
  actionBringToFront,
  actionDeleteItems,
  actionSendBackward,
  actionSendToBack,
};
export * from './types';

/** The context menu's ordering actions, top to bottom (working areas §2 Whiteboard). */
export const Z_ORDER_ACTIONS = [
  actionBringToFront,
  actionBringForward,
  actionSendBackward,
  actionSendToBack,
] as const;

/** Actions with a shortcut and no payload; the first whose keyTest matches runs. */
const KEYED: BoardAction[] = [
  actionBringToFront,
  actionSendToBack,
  actionBringForward,
  actionSendBackward,
  actionDeleteItems,
  actionSelectAll,
  actionClearSelection,
];

export const actionForKey = (event: KeyPress): BoardAction | undefined =>
  KEYED.find((action) => action.keyTest?.(event));
