import type { Rgb } from '../colour.ts';
import type { VariationParams } from '../variations.ts';
import type { Canvas } from './paint.ts';

/**
 * The scenes the car presets place a subject in, painted from gradients, value noise and
 * silhouettes (no stock photographs). Each paints the whole canvas around a horizon line and
 * says which light falls on the subject.
 */
export interface SceneLight {
  /** Colour the ground shadow is tinted toward (multiplied in). */
  shadow: Rgb;
  /** How dark the ground shadow gets, 0..1. */
  shadowDepth: number;
  /** Sideways stretch of the cast shadow: 0 overhead sun, ±1 low sun from the other side. */
  shadowLean: number;
}

export type SceneId =
  | 'beach'
  | 'sunset'
  | 'fog'
  | 'forest'
  | 'desert'
  | 'ca-highway'
  | 'beach-lot'
  | 'night-scene'
  | 'studio';

export type Painter = (c: Canvas, horizon: number, p: VariationParams) => SceneLight;
