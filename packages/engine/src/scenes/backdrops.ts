import type { VariationParams } from '../variations.ts';
import { builtPainters } from './built-backdrops.ts';
import { naturalPainters } from './natural-backdrops.ts';
import type { Canvas } from './paint.ts';
import type { Painter, SceneId, SceneLight } from './scene-light.ts';

export type { SceneId, SceneLight } from './scene-light.ts';

const painters: Record<SceneId, Painter> = { ...naturalPainters, ...builtPainters };

export function paintBackdrop(
  canvas: Canvas,
  scene: SceneId,
  horizon: number,
  params: VariationParams,
): SceneLight {
  return painters[scene](canvas, horizon, params);
}
