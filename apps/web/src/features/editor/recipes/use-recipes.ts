import type {
  ApplyRecipeResponse,
  CreateRecipeResponse,
  EditedImageRecord,
  RecipesResponse,
  UserStats,
} from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_STATS_KEY } from '@/features/credits/use-user-stats';
import { toast } from '@/hooks/use-toast';
import { apiRequest, postJson, toastError } from '@/lib/api';
import { generationErrorToast } from '@/lib/error-toasts/error-messages';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { activeProjectId } from '@/lib/active-project';
import { useAddRecords } from '../upload/use-upload-image';

export const RECIPES_KEY = ['/api/recipes'];

/** The account's recipes, and saving, applying and deleting them. */
export function useRecipes(onApplied: (last: EditedImageRecord) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addRecords = useAddRecords();
  const list = useQuery<RecipesResponse>({ queryKey: RECIPES_KEY, staleTime: 60_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: RECIPES_KEY });

  const save = useMutation({
    mutationFn: (body: { name: string; imageId: string }) =>
      postJson<CreateRecipeResponse>('/api/recipes', body),
    onSuccess: ({ recipe, leftOut }) => {
      void refresh();
      toast({
        title: t('editor.recipes.saved', { name: recipe.name }),
        description:
          leftOut.length > 0
            ? t('editor.recipes.leftOut', { count: leftOut.length, steps: leftOut.join(', ') })
            : t('editor.recipes.savedBody', { count: recipe.steps.length }),
      });
    },
    onError: (error) => toastError(t('editor.recipes.saveFailed'), error),
  });

  const apply = useMutation({
    mutationFn: ({ id, imageUrl }: { id: string; imageUrl: string }) =>
      postJson<ApplyRecipeResponse>(`/api/recipes/${id}/apply`, {
        imageUrl,
        ...(activeProjectId() ? { projectId: activeProjectId() } : {}),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserStats>(USER_STATS_KEY, (stats) =>
        stats ? { ...stats, creditsRemaining: answer.creditsRemaining } : stats,
      );
      const made = answer.steps.flatMap((s) => (s.image ? [s.image] : []));
      addRecords(made);
      const last = made.at(-1);
      if (last) onApplied(last);
      const failed = answer.steps.find((s) => !s.done);
      const done = answer.steps.filter((s) => s.done).length;
      toast({
        title: failed
          ? t('editor.recipes.stopped', { done, number: answer.steps.indexOf(failed) + 1 })
          : t('editor.recipes.applied', { count: done }),
        description: failed?.message ?? t('editor.recipes.credits', { count: answer.creditsUsed }),
      });
    },
    onError: (error) => showErrorToast(t, generationErrorToast(error)),
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/recipes/${id}`),
    onSuccess: () => void refresh(),
    onError: (error) => toastError(t('editor.recipes.deleteFailed'), error),
  });

  return { list, save, apply, remove };
}
