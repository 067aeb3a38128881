import { isPresetId, type RecipeStep } from '@image-lab/contract';
import type { ImageRow } from '../images/images.repository.ts';
import { creditsPerImage, needsReference } from '../generation/presets.ts';

/**
 * The step an image of a history branch records, read back from how it was made: the model is
 * `<provider>:<preset id | edit | generate | remove-object ...>` and the prompt is what was
 * typed. Presets and typed edits can be repeated on another picture; everything else (a crop, a
 * click removal, a style transfer that needs its reference, a new generation) is named instead.
 */
export function stepOf(row: ImageRow): { step: RecipeStep } | { leftOut: string } {
  const how = row.model.slice(row.model.indexOf(':') + 1);
  if (isPresetId(how)) {
    return needsReference(how) ? { leftOut: how } : { step: { kind: 'preset', preset: how } };
  }
  const prompt = row.prompt?.trim();
  if (how === 'edit' && prompt) {
    return creditsPerImage({ prompt }) > 1
      ? { leftOut: prompt }
      : { step: { kind: 'prompt', prompt } };
  }
  return { leftOut: prompt || how };
}

/** What applying the steps to one image costs. */
export const recipeCredits = (steps: readonly RecipeStep[]) =>
  steps.reduce(
    (sum, s) => sum + creditsPerImage(s.kind === 'preset' ? s : { prompt: s.prompt }),
    0,
  );
