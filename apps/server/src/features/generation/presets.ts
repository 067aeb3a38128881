import { CAR_PRESETS, STYLE_PRESETS } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';

/** Presets that are not a style or a car look: the other buttons of working areas §2. */
export const OTHER_PRESETS = ['brighten', 'sharpen', 'style-transfer'] as const;

export const presetIds = () => ({
  styles: [...STYLE_PRESETS],
  car: [...CAR_PRESETS],
  other: [...OTHER_PRESETS],
});

export function checkPreset(preset: string): void {
  const known = new Set<string>([...STYLE_PRESETS, ...CAR_PRESETS, ...OTHER_PRESETS]);
  if (!known.has(preset)) throw new AppError(400, 'unknown_preset', `Unknown preset: ${preset}`);
}
