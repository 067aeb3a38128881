import {
  WHITEBOARD_SCALE_MAX,
  WHITEBOARD_SCALE_MIN,
  type WhiteboardItem,
  type WhiteboardView,
} from '@image-lab/contract';
import { boundsOfItems, type Rect } from './geometry';

export type View = WhiteboardView;
export interface Point {
  x: number;
  y: number;
}

/** 'Reset view': 100 %, the board's origin at the top-left corner. */
export const DEFAULT_VIEW: View = { x: 0, y: 0, scale: 1 };
/** One press of zoom in or out. */
export const ZOOM_STEP = 1.25;

export const clampScale = (scale: number) =>
  Math.min(WHITEBOARD_SCALE_MAX, Math.max(WHITEBOARD_SCALE_MIN, scale));

/** Where a screen point (relative to the canvas) lies on the board. */
export const toBoard = (view: View, screen: Point): Point => ({
  x: view.x + screen.x / view.scale,
  y: view.y + screen.y / view.scale,
});

/** Konva's stage position for a view: the board point view.(x, y) at the top-left. */
export const stagePosition = (view: View): Point => ({
  x: -view.x * view.scale,
  y: -view.y * view.scale,
});

export const viewFromStage = (position: Point, scale: number): View => ({
  x: -position.x / scale,
  y: -position.y / scale,
  scale,
});

/** Zooms by `factor` keeping the board point under `screen` where it is (wheel, pinch, buttons). */
export function zoomAt(view: View, factor: number, screen: Point): View {
  const scale = clampScale(view.scale * factor);
  if (scale === view.scale) return view;
  const anchor = toBoard(view, screen);
  return { x: anchor.x - screen.x / scale, y: anchor.y - screen.y / scale, scale };
}

/** Moves the view by a distance on screen (dragging the board). */
export const panBy = (view: View, dx: number, dy: number): View => ({
  ...view,
  x: view.x - dx / view.scale,
  y: view.y - dy / view.scale,
});

/** The zoom factor of a mouse wheel or trackpad movement (pinch arrives as Ctrl+wheel). */
export const wheelFactor = (deltaY: number, pinch: boolean) =>
  Math.exp(-deltaY * (pinch ? 0.01 : 0.0015));

/** The view that shows `bounds` whole, centred, with a margin, never above 100 %. */
export function fitView(bounds: Rect | null, size: { width: number; height: number }, margin = 40) {
  if (!bounds || size.width <= 0 || size.height <= 0) return DEFAULT_VIEW;
  const scale = clampScale(
    Math.min(
      1,
      (size.width - margin * 2) / Math.max(1, bounds.width),
      (size.height - margin * 2) / Math.max(1, bounds.height),
    ),
  );
  return {
    x: bounds.x + bounds.width / 2 - size.width / 2 / scale,
    y: bounds.y + bounds.height / 2 - size.height / 2 / scale,
    scale,
  };
}

/** The board area on screen, for drawing the grid and placing new images. */
export const visibleRect = (view: View, size: { width: number; height: number }): Rect => ({
  x: view.x,
  y: view.y,
  width: size.width / view.scale,
  height: size.height / view.scale,
});

/** The thumbnail width (optimize-image) that stays sharp for an item drawn at this zoom. */
export function thumbnailWidth(itemWidth: number, scale: number, pixelRatio = 1) {
  return itemWidth * scale * Math.min(2, pixelRatio) <= 320 ? 320 : 640;
}

/**
 * The view a board opens with: the one this browser kept, else the board's own (saved by
 * whichever device arranged it) — unless that leaves some of the images off this screen (a
 * board arranged on a wide screen, opened on a phone): then all of them, fitted.
 */
export function openingView(
  kept: View | null,
  boardView: View | undefined,
  items: readonly WhiteboardItem[],
  size: { width: number; height: number },
): View {
  if (kept) return kept;
  const view = boardView ?? DEFAULT_VIEW;
  const bounds = boundsOfItems(items);
  if (!bounds || size.width <= 0 || size.height <= 0) return view;
  const shown = visibleRect(view, size);
  const inside =
    bounds.x >= shown.x &&
    bounds.y >= shown.y &&
    bounds.x + bounds.width <= shown.x + shown.width &&
    bounds.y + bounds.height <= shown.y + shown.height;
  return inside ? view : fitView(bounds, size);
}
