import { z } from 'zod';
import { EditedImageRecord } from './images.ts';
import { MAX_PROMPT_LENGTH } from './generation.ts';

export const RECIPE_NAME_MAX = 40;
/** Steps kept in one recipe: a history branch longer than this keeps its first ones. */
export const RECIPE_STEPS_MAX = 20;
/** Recipes listed per account. */
export const RECIPES_MAX = 100;
export const RECIPE_NOT_FOUND = 'Recipe not found';
export const RECIPE_NOTHING_TO_KEEP =
  'This image has no edit a recipe can repeat: only prompts and presets are kept.';

/** One step a recipe repeats: a preset, or a prompt typed in the editor. */
export const RecipeStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), preset: z.string().min(1).max(40) }),
  z.object({ kind: z.literal('prompt'), prompt: z.string().min(1).max(MAX_PROMPT_LENGTH) }),
]);
export type RecipeStep = z.infer<typeof RecipeStep>;

export const Recipe = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(RecipeStep),
  /** What applying it to one image costs. */
  credits: z.number().int(),
  createdAt: z.string(),
});
export type Recipe = z.infer<typeof Recipe>;

export const RecipeName = z
  .string({ error: 'Enter a name for the recipe.' })
  .trim()
  .min(1, 'Enter a name for the recipe.')
  .max(RECIPE_NAME_MAX * 2, `Recipe names can be at most ${RECIPE_NAME_MAX} characters.`)
  .refine(
    (name) => [...name].length <= RECIPE_NAME_MAX,
    `Recipe names can be at most ${RECIPE_NAME_MAX} characters.`,
  )
  .regex(/^[^\p{Cc}]*$/u, 'Recipe names cannot contain line breaks or control characters');

/** POST /api/recipes: the steps that led to this image (from its original), under a name. */
export const CreateRecipeRequest = z.object({
  name: RecipeName,
  imageId: z.uuid({ message: 'Not a valid image id' }),
});
export type CreateRecipeRequest = z.infer<typeof CreateRecipeRequest>;

export const CreateRecipeResponse = z.object({
  recipe: Recipe,
  /** Steps of the branch a recipe cannot repeat (a crop, a click removal, a style transfer). */
  leftOut: z.array(z.string()),
});
export type CreateRecipeResponse = z.infer<typeof CreateRecipeResponse>;

export const RecipesResponse = z.object({ recipes: z.array(Recipe) });
export type RecipesResponse = z.infer<typeof RecipesResponse>;

export const RecipeParams = z.object({ id: z.uuid({ message: RECIPE_NOT_FOUND }) });

/** POST /api/recipes/{id}/apply: the recipe's steps, one after the other, on this image. */
export const ApplyRecipeRequest = z.object({
  imageUrl: z.string().min(1).max(2048),
  projectId: z.uuid({ message: 'Not a valid project id' }).optional(),
});
export type ApplyRecipeRequest = z.infer<typeof ApplyRecipeRequest>;

export const AppliedRecipeStep = z.object({
  step: RecipeStep,
  done: z.boolean(),
  image: EditedImageRecord.optional(),
  /** Why the step was not done (then the steps after it did not run either). */
  message: z.string().optional(),
  code: z.string().optional(),
});

export const ApplyRecipeResponse = z.object({
  steps: z.array(AppliedRecipeStep),
  /** The last image made, when any step was done. */
  editedImageUrl: z.string().optional(),
  creditsUsed: z.number().int(),
  creditsRemaining: z.number().int(),
});
export type ApplyRecipeResponse = z.infer<typeof ApplyRecipeResponse>;
