import type { Project } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITED_IMAGES_KEY } from '@/lib/images/images-api';
import { toast } from '@/hooks/use-toast';
import { invalidateProjects } from './api';
import { createProject, updateProject } from './requests';
import { mergeIntoProject, type SavePayload } from './save-payload';

export interface SaveInput {
  name: string;
  description: string;
  payload: SavePayload;
  /** Save into this project (the active one); without it a new project is made. */
  into?: Project;
}

/**
 * Save: the active project gets the name, the description and the session's images it lacks.
 * Save As, or Save without a project: a new project with the session's images, which becomes
 * the active one (its images move into it).
 */
export function useSaveProject() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description, payload, into }: SaveInput) => {
      if (into) {
        const images = mergeIntoProject(into, payload) ?? {};
        return updateProject(into.id, { name, description, ...images });
      }
      return createProject({ name, description, ...payload });
    },
    onSuccess: (project) =>
      toast({
        title: t('projects.toasts.saved'),
        description: t('projects.toasts.savedBody', {
          name: project.name,
          count: project.imageCount,
        }),
      }),
    onError: () =>
      toast({
        title: t('projects.errors.saveFailed'),
        description: t('projects.errors.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: () => {
      invalidateProjects(queryClient);
      void queryClient.invalidateQueries({ queryKey: EDITED_IMAGES_KEY });
    },
  });
}
