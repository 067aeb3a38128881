import {
  WHITEBOARD_DEFAULT_HEIGHT,
  WHITEBOARD_DEFAULT_WIDTH,
  WHITEBOARD_ITEMS_MAX,
  type WhiteboardItem,
} from '@image-lab/contract';
import { register, unchanged, withItems } from './types';

export interface NewImage {
  imageUrl: string;
  /** Top-left corner in board units. */
  x: number;
  y: number;
  width?: number;
  height?: number;
}

/** An id that is unique on the board; crypto.randomUUID is missing on plain-http addresses. */
export function newItemId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `i${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Places images on top of everything: 200×150 by default (working areas §9), zIndex one above
 * the highest (1 on an empty board). The new items become the selection. Images past the
 * board's limit of 500 are left out.
 */
export const actionAddImages = register<{ images: readonly NewImage[]; ids?: readonly string[] }>({
  name: 'addImages',
  perform: (state, { images, ids }) => {
    const room = Math.max(0, WHITEBOARD_ITEMS_MAX - state.items.length);
    if (images.length === 0 || room === 0) return unchanged(state);
    let top = state.items.reduce((max, item) => Math.max(max, item.zIndex), 0);
    const added: WhiteboardItem[] = images.slice(0, room).map((image, i) => ({
      id: ids?.[i] ?? newItemId(),
      imageUrl: image.imageUrl,
      x: image.x,
      y: image.y,
      width: image.width ?? WHITEBOARD_DEFAULT_WIDTH,
      height: image.height ?? WHITEBOARD_DEFAULT_HEIGHT,
      rotation: 0,
      zIndex: ++top,
    }));
    const result = withItems(state, [...state.items, ...added]);
    return { ...result, state: { ...result.state, selected: added.map((item) => item.id) } };
  },
});
