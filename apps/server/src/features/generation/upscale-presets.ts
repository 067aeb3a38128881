/**
 * Upscaling goes through POST /api/edit-image like every other one-click tool (the spec names no
 * route for it, only a disabled button): 2× or 4× with ESRGAN, or with '-fast' by Lanczos and
 * sharpening. One result image, 1 credit, a job like any preset.
 */
export const UPSCALE_PRESETS = [
  'upscale-2x',
  'upscale-4x',
  'upscale-2x-fast',
  'upscale-4x-fast',
] as const;

export function upscaleOfPreset(
  preset: string,
): { scale: 2 | 4; method: 'model' | 'fast' } | undefined {
  const match = /^upscale-([24])x(-fast)?$/.exec(preset);
  if (!match) return undefined;
  return { scale: match[1] === '4' ? 4 : 2, method: match[2] ? 'fast' : 'model' };
}
