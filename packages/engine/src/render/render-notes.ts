import type { LocalPresetId } from '../styles/ids.ts';

/** What the local render presets did, and what only a hosted render model could add. */
export const RENDER_NOTES: Readonly<
  Partial<Record<LocalPresetId, { applied: string; unsupported: string[] }>>
> = {
  'cad-to-render': {
    applied: 'CAD to render look: depth, contrast, studio light and glow (local grade)',
    unsupported: [
      'Photorealistic materials, reflections and lighting (needs a hosted render model)',
    ],
  },
  'two-step-sketch': {
    applied: 'Sketch conversion: clean line drawing from the image’s edges (step 1 of 2)',
    unsupported: [],
  },
};
