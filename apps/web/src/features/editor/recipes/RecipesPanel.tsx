import type { EditedImageRecord, Recipe } from '@image-lab/contract';
import { ListChecks, Play, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRecipes } from './use-recipes';

const NAME_MAX = 40;

/**
 * Recipes under the history: save the steps that led to the image on screen under a name, and
 * run a saved recipe on it (each step an ordinary edit, so it lands in the history as a branch).
 */
export function RecipesPanel({
  selected,
  disabled,
  mayWrite,
  onApplied,
}: {
  selected: EditedImageRecord | undefined;
  disabled: boolean;
  mayWrite: boolean;
  onApplied: (last: EditedImageRecord) => void;
}) {
  const { t } = useTranslation();
  const { list, save, apply, remove } = useRecipes(onApplied);
  const [name, setName] = useState('');
  const recipes = list.data?.recipes ?? [];
  const savable = mayWrite && selected?.imageType === 'generated' && Boolean(selected.parentId);
  const busy = disabled || apply.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || !name.trim()) return;
    save.mutate({ name: name.trim(), imageId: selected.id }, { onSuccess: () => setName('') });
  };
  const confirmDelete = (recipe: Recipe) => {
    if (window.confirm(t('editor.recipes.deleteConfirm', { name: recipe.name })))
      remove.mutate(recipe.id);
  };

  return (
    <section
      aria-labelledby="recipes-title"
      className="mt-3 rounded-2xl border bg-card p-3 shadow-sm"
    >
      <h2 id="recipes-title" className="flex items-center gap-2 px-1 text-sm font-semibold">
        <ListChecks className="size-4 text-muted-foreground" />
        {t('editor.recipes.title')}
      </h2>
      {savable && (
        <form onSubmit={submit} className="mt-2 flex min-w-0 gap-2">
          <Input
            aria-label={t('editor.recipes.nameLabel')}
            placeholder={t('editor.recipes.namePlaceholder')}
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className="h-8 min-w-0 text-sm"
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={!name.trim() || save.isPending}
          >
            {t('editor.recipes.save')}
          </Button>
        </form>
      )}
      {recipes.length === 0 ? (
        <p className="px-1 py-3 text-xs text-muted-foreground">{t('editor.recipes.empty')}</p>
      ) : (
        <ul
          className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-1.5"
          aria-label={t('editor.recipes.list')}
        >
          {recipes.map((recipe) => (
            <li key={recipe.id} className="flex items-center gap-2 rounded-lg border px-2 py-1.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={recipe.name}>
                  {recipe.name}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('editor.recipes.steps', { count: recipe.steps.length })} ·{' '}
                  {t('editor.recipes.cost', { count: recipe.credits })}
                </p>
              </div>
              {mayWrite && (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!selected || busy}
                    onClick={() =>
                      selected && apply.mutate({ id: recipe.id, imageUrl: selected.imageUrl })
                    }
                    aria-label={t('editor.recipes.applyTo', { name: recipe.name })}
                  >
                    <Play />
                    {t('editor.recipes.apply')}
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    disabled={remove.isPending}
                    onClick={() => confirmDelete(recipe)}
                    aria-label={t('editor.recipes.delete', { name: recipe.name })}
                  >
                    <Trash2 />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {apply.isPending && (
        <p role="status" className="px-1 pt-2 text-xs text-muted-foreground">
          {t('editor.recipes.running')}
        </p>
      )}
    </section>
  );
}
