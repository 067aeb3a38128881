import type { Project } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITED_IMAGES_KEY } from '@/lib/images/images-api';
import { toast } from '@/hooks/use-toast';
import { ACTIVE_PROJECT_KEY, invalidateProjects } from './api';
import {
  activateProject,
  createProject,
  deleteProject,
  shareProject,
  updateProject,
} from './requests';
import { reloadIntoProject } from './switch-project';

/** The newest image of a project (its list is oldest first), to show when it opens. */
export const newestImageOf = (project: Project) => project.imageUrls.at(-1) ?? '';

/** Copies a share link, with the catalogue's 'Link Copied' or 'Copy Failed'. */
export function useCopyLink() {
  const { t } = useTranslation();
  return async (url: string, body = t('projects.toasts.linkCopiedBody')) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('projects.toasts.linkCopied'), description: body });
      return true;
    } catch {
      toast({
        title: t('projects.errors.copyFailed'),
        description: t('projects.errors.copyFailedBody'),
        variant: 'destructive',
      });
      return false;
    }
  };
}

/** Every project write: toasts from the catalogue, and the project data fetched again after. */
export function useProjectActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copyLink = useCopyLink();
  const settle = () => invalidateProjects(queryClient);
  const fail = (title: string, description: string) =>
    toast({ title: t(title), description: t(description), variant: 'destructive' });

  const switchTo = useMutation({
    mutationFn: ({ project }: { project: Project; open?: boolean }) => activateProject(project.id),
    onSuccess: (_, { project, open }) => {
      toast({ title: t('projects.toasts.switched', { name: project.name }) });
      reloadIntoProject(open ? newestImageOf(project) : '');
    },
    onError: () => fail('projects.errors.error', 'projects.errors.activate'),
    onSettled: settle,
  });

  const create = useMutation({
    mutationFn: (name: string) => createProject({ name }),
    onSuccess: (project) => {
      toast({ title: t('projects.toasts.created', { name: project.name }) });
      // A new project is the active one: the editor starts afresh in it.
      reloadIntoProject();
    },
    onError: () => fail('projects.errors.error', 'projects.errors.create'),
    onSettled: settle,
  });

  const rename = useMutation({
    mutationFn: ({ project, name }: { project: Project; name: string }) =>
      updateProject(project.id, { name }),
    onSuccess: (project) => toast({ title: t('projects.toasts.renamed', { name: project.name }) }),
    onError: () => fail('projects.errors.saveFailed', 'projects.errors.tryAgain'),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: (_, project) => {
      toast({ title: t('projects.toasts.deleted', { name: project.name }) });
      void queryClient.invalidateQueries({ queryKey: EDITED_IMAGES_KEY });
      // The editor was working in it: it starts afresh in whichever project is active now.
      const active = queryClient.getQueryData<{ id: string } | null>(ACTIVE_PROJECT_KEY);
      if (active?.id === project.id) reloadIntoProject();
    },
    onError: () => fail('projects.errors.deleteFailed', 'projects.errors.tryAgain'),
    onSettled: settle,
  });

  const share = useMutation({
    mutationFn: ({ project, isPublic }: { project: Project; isPublic: boolean }) =>
      shareProject(project.id, isPublic),
    onSuccess: async (result) => {
      if (result.isPublic && result.shareUrl) await copyLink(result.shareUrl);
      else toast({ title: t('projects.toasts.private') });
    },
    onError: (_, { isPublic }) =>
      fail('projects.errors.error', isPublic ? 'projects.errors.share' : 'projects.errors.toggle'),
    onSettled: settle,
  });

  return { switchTo, create, rename, remove, share, copyLink };
}
