import type { RawImage } from '../raw-image.ts';
import { cadToRenderLook, renderSketch } from '../render/render-looks.ts';
import type { VariationParams } from '../variations.ts';
import { anime, oilPaint, popArt, sketch, watercolor } from './artistic.ts';
import * as car from './car-looks.ts';
import { cinematic, clay, cyberpunk, vintage } from './grades.ts';
import type { StylePreset } from './ids.ts';

export type LookFilter = (image: RawImage, params: VariationParams) => Promise<RawImage> | RawImage;

interface Look {
  apply: LookFilter;
  /** Grey results: variations must not tint them. */
  monochrome: boolean;
}

const look = (apply: LookFilter, monochrome = false): Look => ({ apply, monochrome });

export const LOOKS: Readonly<Record<StylePreset, Look>> = {
  anime: look(anime),
  vintage: look(vintage),
  clay: look(clay),
  cyberpunk: look(cyberpunk),
  sketch: look(sketch, true),
  'pop-art': look(popArt),
  watercolor: look(watercolor),
  'oil-paint': look(oilPaint),
  cinematic: look(cinematic),
  'clay-to-render': look(car.clayToRender),
  'car-sketch': look(car.carSketch, true),
  'white-bg': look(car.whiteBackground),
  beach: look(car.beach),
  'car-cyberpunk': look(car.carCyberpunk),
  sunset: look(car.sunset),
  fog: look(car.fog),
  forest: look(car.forest),
  desert: look(car.desert),
  'ca-highway': look(car.caHighway),
  'beach-lot': look(car.beachLot),
  'night-scene': look(car.nightScene),
  brighten: look(car.brighten),
  sharpen: look(car.sharpenLook),
  'cad-to-render': look(cadToRenderLook),
  'two-step-sketch': look(renderSketch, true),
};

export async function applyLook(
  image: RawImage,
  preset: StylePreset,
  params: VariationParams,
): Promise<RawImage> {
  return LOOKS[preset].apply(image, params);
}
