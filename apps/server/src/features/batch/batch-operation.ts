import type { FastifyInstance } from 'fastify';
import { RECIPE_NOT_FOUND, type BatchOperation, type RecipeStep } from '@image-lab/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { refuseUnsafePrompt } from '../../platform/prompt-moderation.ts';
import type { BatchOperationRecord } from '../../db/schema/batches.ts';
import {
  checkPreset,
  checkPresetCredits,
  creditsPerImage,
  isStyleApplication,
} from '../generation/presets.ts';
import { findRecipe } from '../recipes/recipes.repository.ts';

export const BATCH_NEEDS_REFERENCE =
  'Style transfer needs a reference image for each picture, so it cannot run as a batch.';

/** What one step costs one image (decision 045: a style application is 10). */
export const stepCredits = (step: RecipeStep) =>
  creditsPerImage(step.kind === 'preset' ? { preset: step.preset } : { prompt: step.prompt });

/** The fields of the edit one step makes. */
export const stepFields = (step: RecipeStep) =>
  step.kind === 'preset' ? { preset: step.preset, prompt: '' } : { prompt: step.prompt };

/** What the queue and the job rows call a step. */
export const stepLabel = (step: RecipeStep) =>
  step.kind === 'preset' ? step.preset : [...step.prompt].slice(0, 60).join('');

/**
 * A step every image can take: a preset this server runs, or an allowed prompt; never one that
 * needs a reference picture (a batch has none). Refused before any credit is taken.
 */
function checkStep(app: FastifyInstance, step: RecipeStep) {
  if (step.kind === 'preset') checkPreset(step.preset, app.engine);
  else refuseUnsafePrompt(app, step.prompt);
  if (isStyleApplication(step.kind === 'preset' ? { preset: step.preset } : step)) {
    throw new AppError(400, 'no_reference', BATCH_NEEDS_REFERENCE, 'No Reference');
  }
}

export type OperationOwner = { kind: 'account'; accountId: string } | { kind: 'guest' };

/** The steps a batch applies to each image, checked, with what they cost one image. */
export async function resolveOperation(
  app: FastifyInstance,
  owner: OperationOwner,
  operation: BatchOperation,
): Promise<{ record: BatchOperationRecord; creditsPerImage: number }> {
  let record: BatchOperationRecord;
  if (operation.kind === 'preset') {
    record = { kind: 'preset', steps: [{ kind: 'preset', preset: operation.preset }] };
  } else if (operation.kind === 'prompt') {
    record = { kind: 'prompt', steps: [{ kind: 'prompt', prompt: operation.prompt }] };
  } else {
    // Recipes belong to accounts; a visitor has none to name.
    const recipe =
      owner.kind === 'account'
        ? await findRecipe(app.database.db, owner.accountId, operation.recipeId)
        : undefined;
    if (!recipe) throw notFound(RECIPE_NOT_FOUND);
    record = { kind: 'recipe', recipeId: recipe.id, name: recipe.name, steps: recipe.steps };
  }
  for (const step of record.steps) {
    checkStep(app, step);
    if (owner.kind === 'account' && step.kind === 'preset') {
      await checkPresetCredits(
        app.database.db,
        owner.accountId,
        step.preset,
        app.config.startingCredits,
      );
    }
  }
  // A visitor's allowance counts results: one per step, whatever an account would pay.
  const perImage =
    owner.kind === 'account'
      ? record.steps.reduce((sum, step) => sum + stepCredits(step), 0)
      : record.steps.length;
  return { record, creditsPerImage: perImage };
}
