import { EDIT_QUALITY } from '../operations/apply.ts';
import type { ImageResult, PresetRequest } from '../provider.ts';
import { decodeImage, encodeJpeg } from '../raw-image.ts';
import { segmentSubject } from '../models/background-removal.ts';
import { RENDER_NOTES } from '../render/render-notes.ts';
import { PRESET_LABELS } from '../styles/ids.ts';
import { variationParams } from '../variations.ts';
import { renderSubjectPreset, type SubjectPreset } from './scene-presets.ts';

const WHAT_WAS_DONE: Record<SubjectPreset, string> = {
  'white-bg': 'subject cut out onto pure white with a white margin and a soft contact shadow',
  beach: 'subject placed on a painted beach with sea, sand and a ground shadow',
  sunset: 'subject placed on a painted sunset road with a long low-sun shadow',
  fog: 'subject placed in a painted foggy forest road scene with a soft shadow',
  forest: 'subject placed on a painted forest road with a ground shadow',
  desert: 'subject placed among painted desert dunes with a ground shadow',
  'ca-highway': 'subject placed on a painted California highway with a ground shadow',
  'beach-lot': 'subject placed on a painted seaside car park with a ground shadow',
  'night-scene':
    'subject placed on a painted night street with city lights and a wet-road reflection',
  'clay-to-render':
    'clay model rendered on a studio floor with key light, occlusion and a reflection',
  'cad-to-render': 'CAD model graded toward a render and placed on a studio floor with a shadow',
};

/**
 * The presets that need the subject cut out: the matte is computed once per request (the
 * background-removal model is the slow part) and every variation is composed from it.
 */
export async function runSubjectPreset(
  request: PresetRequest & { preset: SubjectPreset },
  count: number,
): Promise<ImageResult> {
  const image = await decodeImage(request.image);
  request.onProgress?.(0.05);
  const matte = await segmentSubject(image);
  request.onProgress?.(0.6);
  const images: Buffer[] = [];
  let noSubject = false;
  for (let variation = 0; variation < count; variation++) {
    request.signal?.throwIfAborted();
    const rendered = await renderSubjectPreset(
      image,
      matte,
      request.preset,
      variationParams(variation),
    );
    noSubject ||= rendered.noSubject;
    images.push(await encodeJpeg(rendered.image, EDIT_QUALITY));
    request.onProgress?.(0.6 + (0.4 * (variation + 1)) / count);
  }
  const label = PRESET_LABELS[request.preset];
  const unsupported = [...(RENDER_NOTES[request.preset]?.unsupported ?? [])];
  if (noSubject) {
    unsupported.push('No subject was found to cut out, so the look was applied to the whole photo');
  }
  return {
    images,
    applied: [
      noSubject ? `${label} look` : `${label}: ${WHAT_WAS_DONE[request.preset]}`,
      ...(count > 1 ? [`${count} variations with different backdrops, light and framing`] : []),
    ],
    unsupported,
  };
}
