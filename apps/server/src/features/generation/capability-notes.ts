import type { Capability } from '@image-lab/engine';

/**
 * What GET /api/capabilities adds in words where a capability is missing or limited here, so
 * the interface can explain it instead of pretending (working areas §2, issue 10).
 */
export function capabilityNote(
  capability: Capability,
  provider: string | null,
): string | undefined {
  if (capability === 'multiview' && !provider) {
    return 'Needs a hosted image model: drawing an object from new angles cannot be done by the local engine.';
  }
  if (capability === 'render' && !provider) {
    return 'Needs a hosted image model for photorealistic rendering. Locally, CAD to render is a render-look grade and two-step render stops after its sketch step.';
  }
  if (capability === 'generate' && provider === 'local') {
    return 'Locally, an image from a prompt alone is an abstract picture in the colours and mood of the prompt. Real text-to-image needs a hosted image model.';
  }
  if (capability === 'edit' && provider === 'local') {
    return 'Locally, edits are colour, light, crop, removal and style filters. Adding, moving or redrawing things (true restyling) needs a hosted image model.';
  }
  if (capability === 'restyleRoom' && !provider) {
    return 'Needs a hosted image model: redesigning a room in a new style redraws its furniture and materials.';
  }
  if (capability === 'video' && provider === 'local') {
    return 'Camera motion over the still image (zoom or pan), 3 s at 24 fps. A hosted image-to-video model would animate the scene itself.';
  }
  return undefined;
}
