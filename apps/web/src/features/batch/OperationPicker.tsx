import {
  presetIdsIn,
  STYLE_TRANSFER,
  type BatchOperation,
  type RecipesResponse,
} from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { RECIPES_KEY } from './batch-api';

export type OperationKind = BatchOperation['kind'];

/** The presets a batch can apply: every look of the panel, none that needs a reference image. */
const GROUPS = [
  { key: 'styles', ids: presetIdsIn('styles') },
  { key: 'car', ids: presetIdsIn('car') },
  { key: 'other', ids: presetIdsIn('basic', 'other').filter((id) => id !== STYLE_TRANSFER) },
] as const;

export interface OperationChoice {
  kind: OperationKind;
  preset: string | null;
  prompt: string;
  recipeId: string | null;
}

/** The operation chosen, as the request names it; null while it is incomplete. */
export function operationOf(choice: OperationChoice): BatchOperation | null {
  if (choice.kind === 'preset')
    return choice.preset ? { kind: 'preset', preset: choice.preset } : null;
  if (choice.kind === 'prompt') {
    const prompt = choice.prompt.trim();
    return prompt ? { kind: 'prompt', prompt } : null;
  }
  return choice.recipeId ? { kind: 'recipe', recipeId: choice.recipeId } : null;
}

const chip =
  'min-h-9 cursor-pointer rounded-lg border px-3 py-1.5 text-left text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-checked:border-primary aria-checked:bg-primary/10 aria-checked:font-medium aria-checked:text-foreground';

/** A preset, a prompt, or (signed in) one of the account's recipes. */
export function OperationPicker({
  choice,
  onChoice,
  recipes,
}: {
  choice: OperationChoice;
  onChoice(choice: OperationChoice): void;
  /** Recipes belong to accounts: a visitor picks a preset or a prompt. */
  recipes: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const kinds: OperationKind[] = recipes ? ['preset', 'prompt', 'recipe'] : ['preset', 'prompt'];
  const list = useQuery<RecipesResponse>({ queryKey: RECIPES_KEY, enabled: recipes });
  const set = (change: Partial<OperationChoice>) => onChoice({ ...choice, ...change });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('batch.dialog.what')}</legend>
      <div
        role="radiogroup"
        aria-label={t('batch.dialog.what')}
        className="inline-flex w-fit rounded-lg border bg-muted/60 p-0.5"
      >
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={choice.kind === kind}
            onClick={() => set({ kind })}
            className={cn(
              'h-8 cursor-pointer rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground',
              choice.kind === kind && 'bg-background text-foreground shadow-sm ring-1 ring-border',
            )}
          >
            {t(`batch.dialog.kinds.${kind}`)}
          </button>
        ))}
      </div>
      {choice.kind === 'preset' && (
        <div className="grid max-h-64 gap-3 overflow-y-auto pr-1" data-testid="batch-presets">
          {GROUPS.map((group) => (
            <div key={group.key} role="radiogroup" aria-labelledby={`${id}-${group.key}`}>
              <p
                id={`${id}-${group.key}`}
                className="mb-1.5 text-xs font-medium text-muted-foreground"
              >
                {t(`editor.presets.tabs.${group.key}`)}
              </p>
              <div className="flex flex-wrap gap-1.5">
                {group.ids.map((preset) => (
                  <button
                    key={preset}
                    type="button"
                    role="radio"
                    aria-checked={choice.preset === preset}
                    onClick={() => set({ preset })}
                    className={chip}
                  >
                    {t(`editor.presets.names.${preset}`)}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
      {choice.kind === 'prompt' && (
        <label className="grid gap-1.5 text-sm">
          <span className="text-muted-foreground">{t('batch.dialog.promptLabel')}</span>
          <textarea
            value={choice.prompt}
            onChange={(event) => set({ prompt: event.target.value })}
            placeholder={t('batch.dialog.promptPlaceholder')}
            rows={3}
            maxLength={2000}
            className="w-full resize-y rounded-lg border bg-card p-3 text-sm shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30"
          />
        </label>
      )}
      {choice.kind === 'recipe' &&
        (list.data && list.data.recipes.length > 0 ? (
          <div
            role="radiogroup"
            aria-label={t('batch.dialog.kinds.recipe')}
            className="grid gap-1.5"
          >
            {list.data.recipes.map((recipe) => (
              <button
                key={recipe.id}
                type="button"
                role="radio"
                aria-checked={choice.recipeId === recipe.id}
                onClick={() => set({ recipeId: recipe.id })}
                className={cn(chip, 'grid gap-0.5')}
              >
                <span className="font-medium">{recipe.name}</span>
                <span className="text-xs text-muted-foreground">
                  {t('batch.dialog.recipeSteps', {
                    count: recipe.steps.length,
                    credits: recipe.credits,
                  })}
                </span>
              </button>
            ))}
          </div>
        ) : (
          <p className="rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
            {list.isPending ? t('batch.dialog.loadingRecipes') : t('batch.dialog.noRecipes')}
          </p>
        ))}
    </fieldset>
  );
}

/** What one image costs with this choice, as far as the screen knows before asking. */
export function creditsPerImage(
  choice: OperationChoice,
  recipes: RecipesResponse | undefined,
): number {
  if (choice.kind !== 'recipe') return 1;
  return recipes?.recipes.find((r) => r.id === choice.recipeId)?.credits ?? 1;
}
