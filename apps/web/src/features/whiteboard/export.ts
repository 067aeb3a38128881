import type { WhiteboardItem } from '@image-lab/contract';
import type { Layer } from 'konva/lib/Layer';
import { boundsOfItems } from './geometry';

/** Pixels per board unit in the exported PNG, and the longest side it may have. */
export const EXPORT_PIXELS_PER_UNIT = 2;
export const EXPORT_MAX_SIDE = 8192;
const MARGIN = 24;

/** The output size and Konva pixel ratio for a board region (pure, so it is tested). */
export function exportPlan(
  bounds: { width: number; height: number },
  viewScale: number,
  perUnit = EXPORT_PIXELS_PER_UNIT,
  maxSide = EXPORT_MAX_SIDE,
) {
  const unit = Math.min(perUnit, maxSide / Math.max(bounds.width, bounds.height, 1));
  return {
    pixelRatio: unit / viewScale,
    width: Math.round(bounds.width * unit),
    height: Math.round(bounds.height * unit),
  };
}

/**
 * The whole board as one PNG: the items' bounding box with a margin, drawn again at
 * EXPORT_PIXELS_PER_UNIT (not a screenshot, so parts off screen are included) on `background`.
 * Images are same-origin (/uploads, optimize-image), so the canvas is never tainted.
 */
export async function boardPng(
  layer: Layer,
  items: readonly WhiteboardItem[],
  background: string,
): Promise<Blob | null> {
  const box = boundsOfItems(items);
  const stage = layer.getStage();
  if (!box || !stage) return null;
  const region = {
    x: box.x - MARGIN,
    y: box.y - MARGIN,
    width: box.width + MARGIN * 2,
    height: box.height + MARGIN * 2,
  };
  const scale = stage.scaleX();
  const plan = exportPlan(region, scale);
  const drawn = layer.toCanvas({
    x: region.x * scale + stage.x(),
    y: region.y * scale + stage.y(),
    width: region.width * scale,
    height: region.height * scale,
    pixelRatio: plan.pixelRatio,
  });
  const canvas = document.createElement('canvas');
  canvas.width = drawn.width;
  canvas.height = drawn.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(drawn, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
