import type { FastifyInstance } from 'fastify';
import {
  RECIPE_NOT_FOUND,
  RECIPE_NOTHING_TO_KEEP,
  RECIPE_STEPS_MAX,
  type ApplyRecipeRequest,
  type ApplyRecipeResponse,
  type CreateRecipeRequest,
  type CreateRecipeResponse,
  type Recipe,
  type RecipeStep,
} from '@image-lab/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';
import { findImage, type ImageRow } from '../images/images.repository.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import { editImage } from '../generation/edit.service.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { recipeCredits, stepOf } from './recipe-steps.ts';
import { findRecipe, insertRecipe, type RecipeRow } from './recipes.repository.ts';

export const toRecipe = (row: RecipeRow): Recipe => ({
  id: row.id,
  name: row.name,
  steps: row.steps,
  credits: recipeCredits(row.steps),
  createdAt: row.createdAt.toISOString(),
});

/** The branch from the original to this image, oldest first (parents of the same account). */
async function branchOf(app: FastifyInstance, accountId: string, image: ImageRow) {
  const branch: ImageRow[] = [];
  const seen = new Set<string>();
  let current: ImageRow | undefined = image;
  while (current && !seen.has(current.id) && seen.size < 200) {
    seen.add(current.id);
    branch.unshift(current);
    current = current.parentId
      ? await findImage(app.database.db, accountId, current.parentId)
      : undefined;
  }
  return branch;
}

export async function createRecipe(
  app: FastifyInstance,
  accountId: string,
  input: CreateRecipeRequest,
): Promise<CreateRecipeResponse> {
  const image = await findImage(app.database.db, accountId, input.imageId);
  if (!image) throw notFound('Image not found');
  const steps: RecipeStep[] = [];
  const leftOut: string[] = [];
  for (const row of await branchOf(app, accountId, image)) {
    if (row.kind === 'uploaded' || !row.parentId) continue;
    const read = stepOf(row);
    if ('step' in read) steps.push(read.step);
    else leftOut.push(read.leftOut);
  }
  if (steps.length === 0) {
    throw new AppError(422, 'nothing_to_keep', RECIPE_NOTHING_TO_KEEP, 'Nothing to Keep');
  }
  const kept = steps.slice(0, RECIPE_STEPS_MAX);
  const row = await insertRecipe(app.database.db, { accountId, name: input.name, steps: kept });
  return { recipe: toRecipe(row), leftOut };
}

/**
 * The recipe's steps one after the other, each an ordinary paid edit of the previous result
 * (its own credit reservation and refund). Refused before anything runs when the balance does
 * not cover every step; a step that fails stops the rest, and what was done before it stays.
 */
export async function applyRecipe(
  app: FastifyInstance,
  accountId: string,
  id: string,
  input: ApplyRecipeRequest,
): Promise<ApplyRecipeResponse> {
  const db = app.database.db;
  const recipe = await findRecipe(db, accountId, id);
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  await resolveOwnImage(app, accountId, input.imageUrl);
  await assertOwnProject(db, accountId, input.projectId);
  const price = recipeCredits(recipe.steps);
  await ensureBalance(db, accountId, app.config.startingCredits);
  if (((await balanceOf(db, accountId)) ?? 0) < price) {
    throw new AppError(
      402,
      'out_of_credits',
      `This recipe needs ${price} credits for ${recipe.steps.length} steps.`,
      'Not Enough Credits',
    );
  }
  const steps: ApplyRecipeResponse['steps'] = [];
  let imageUrl = input.imageUrl;
  let used = 0;
  for (const step of recipe.steps) {
    if (steps.some((s) => !s.done)) break;
    try {
      const answer = await editImage(app, {
        accountId,
        fields: {
          ...(step.kind === 'preset'
            ? { preset: step.preset, prompt: '' }
            : { prompt: step.prompt }),
          imageUrl,
          numImages: 1,
          projectId: input.projectId,
        },
      });
      imageUrl = answer.editedImageUrl;
      used += answer.creditsUsed;
      steps.push({ step, done: true, image: answer.images[0] });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      steps.push({ step, done: false, message: error.message, code: error.code });
    }
  }
  return {
    steps,
    ...(used > 0 ? { editedImageUrl: imageUrl } : {}),
    creditsUsed: used,
    creditsRemaining: (await balanceOf(db, accountId)) ?? 0,
  };
}
