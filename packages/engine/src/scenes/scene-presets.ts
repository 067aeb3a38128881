import type { RawImage } from '../raw-image.ts';
import * as car from '../styles/car-looks.ts';
import { mixImages } from '../styles/filters.ts';
import type { LookFilter } from '../styles/looks.ts';
import type { VariationParams } from '../variations.ts';
import { paintBackdrop, type SceneId } from './backdrops.ts';
import {
  blendOver,
  castGroundShadow,
  cleanMatte,
  hasSolidSubject,
  subjectBox,
  toFullSize,
} from './composite.ts';
import { canvasToRaw, newCanvas } from './paint.ts';
import { cadToRenderLook } from '../render/render-looks.ts';
import { clayToRenderSubject } from './render-looks.ts';
import { whiteBackground } from './white-background.ts';
import type { StylePreset } from '../styles/ids.ts';

/** Presets that need the subject's matte from the background-removal model. */
export const SUBJECT_PRESETS = [
  'white-bg',
  'beach',
  'sunset',
  'fog',
  'forest',
  'desert',
  'ca-highway',
  'beach-lot',
  'night-scene',
  'clay-to-render',
  'cad-to-render',
] as const satisfies readonly StylePreset[];
export type SubjectPreset = (typeof SUBJECT_PRESETS)[number];

export function isSubjectPreset(preset: string): preset is SubjectPreset {
  return (SUBJECT_PRESETS as readonly string[]).includes(preset);
}

type ScenePreset = Exclude<SubjectPreset, 'white-bg' | 'clay-to-render' | 'cad-to-render'>;

/** Each scene's light, used to grade the subject so it belongs in the backdrop. */
const SCENE_GRADES: Record<ScenePreset, { grade: LookFilter; amount: number; reflection: number }> =
  {
    beach: { grade: car.beach, amount: 0.45, reflection: 0 },
    sunset: { grade: car.sunset, amount: 0.55, reflection: 0.12 },
    fog: { grade: car.fog, amount: 0.5, reflection: 0 },
    forest: { grade: car.forest, amount: 0.5, reflection: 0 },
    desert: { grade: car.desert, amount: 0.45, reflection: 0 },
    'ca-highway': { grade: car.caHighway, amount: 0.4, reflection: 0 },
    'beach-lot': { grade: car.beachLot, amount: 0.4, reflection: 0 },
    'night-scene': { grade: car.nightScene, amount: 0.7, reflection: 0.22 },
  };

/** Backdrops are smooth: painting them on ~1.2 MP and scaling up costs little and shows nothing. */
const PAINT_PIXELS = 1_200_000;

export interface SubjectRender {
  image: RawImage;
  /** True when the model found no subject and the look fell back to grading the photo. */
  noSubject: boolean;
}

async function backdropFor(
  scene: SceneId,
  width: number,
  height: number,
  horizonFraction: number,
  params: VariationParams,
) {
  const scale = Math.min(1, Math.sqrt(PAINT_PIXELS / (width * height)));
  const w = Math.max(16, Math.round(width * scale));
  const h = Math.max(16, Math.round(height * scale));
  const canvas = newCanvas(w, h);
  const light = paintBackdrop(canvas, scene, horizonFraction * h, params);
  return { backdrop: await toFullSize(canvasToRaw(canvas), width, height), light };
}

/**
 * Places the subject into a painted scene: backdrop, ground shadow from the subject's footprint,
 * the subject graded toward the scene's light, blended by its matte.
 */
async function sceneComposite(
  image: RawImage,
  matte: Buffer,
  scene: SceneId,
  params: VariationParams,
  subjectLook: (subject: RawImage) => Promise<RawImage>,
  reflection: number,
): Promise<SubjectRender> {
  const { width, height } = image;
  const mask = cleanMatte(matte);
  const box = hasSolidSubject(mask) ? subjectBox(mask, width, height) : null;
  if (!box) return { image: await subjectLook(image), noSubject: true };
  // Eye level about halfway up the subject, as in most car and product photographs.
  const horizon = Math.min(
    0.68,
    Math.max(0.28, (box.top + 0.45 * (box.bottom - box.top)) / height),
  );
  const { backdrop, light } = await backdropFor(scene, width, height, horizon, params);
  const ground = castGroundShadow(backdrop, mask, box, {
    depth: Math.min(0.9, light.shadowDepth * (0.85 + 0.15 * params.strength)),
    lean: light.shadowLean,
    colour: light.shadow,
  });
  return {
    image: blendOver(ground, await subjectLook(image), mask, box, reflection),
    noSubject: false,
  };
}

/** One of the presets that need the subject's matte (computed once per request by the caller). */
export async function renderSubjectPreset(
  image: RawImage,
  matte: Buffer,
  preset: SubjectPreset,
  params: VariationParams,
): Promise<SubjectRender> {
  if (preset === 'white-bg') {
    const mask = cleanMatte(matte);
    if (!hasSolidSubject(mask) || !subjectBox(mask, image.width, image.height)) {
      return { image: await car.whiteBackground(image, params), noSubject: true };
    }
    return { image: (await whiteBackground(image, mask, params)).image, noSubject: false };
  }
  if (preset === 'clay-to-render' || preset === 'cad-to-render') {
    const look = preset === 'clay-to-render' ? clayToRenderSubject : cadToRenderLook;
    return sceneComposite(image, matte, 'studio', params, (s) => look(s, params), 0.16);
  }
  const { grade, amount, reflection } = SCENE_GRADES[preset];
  const look = async (subject: RawImage) =>
    mixImages(subject, await grade(subject, params), amount);
  return sceneComposite(image, matte, preset, params, look, reflection);
}
