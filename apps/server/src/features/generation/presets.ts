import { CAD_TO_RENDER } from '@image-lab/contract';
import { CAR_PRESETS, STYLE_PRESETS, type ProviderRegistry } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { checkPresetCapability, FLOW_PRESETS } from './render-presets.ts';
import { UPSCALE_PRESETS } from './upscale-presets.ts';

/** Presets that are not a style or a car look: the other buttons of working areas §2. */
export const OTHER_PRESETS = ['brighten', 'sharpen', 'style-transfer', CAD_TO_RENDER] as const;

export const presetIds = () => ({
  styles: [...STYLE_PRESETS],
  car: [...CAR_PRESETS],
  other: [...OTHER_PRESETS],
});

/** An unknown preset is 400; one whose hosted model this server lacks is 501. */
export function checkPreset(preset: string, engine?: ProviderRegistry): void {
  const known = new Set<string>([
    ...STYLE_PRESETS,
    ...CAR_PRESETS,
    ...OTHER_PRESETS,
    ...FLOW_PRESETS,
    ...UPSCALE_PRESETS,
  ]);
  if (!known.has(preset)) throw new AppError(400, 'unknown_preset', `Unknown preset: ${preset}`);
  if (engine) checkPresetCapability(preset, engine);
}
