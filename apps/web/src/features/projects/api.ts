import type { ActiveProjectResponse, Project } from '@image-lab/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { serverChanged } from '@/lib/server-changes';

import { ACTIVE_PROJECT_KEY, PROJECTS_KEY } from '@/lib/query-keys';

export { ACTIVE_PROJECT_KEY, PROJECTS_KEY };

/** Working areas §9: 'Projects stale 5 min'. */
const PROJECTS_STALE_MS = 5 * 60_000;

export const useProjects = (enabled = true) =>
  useQuery<Project[]>({ queryKey: PROJECTS_KEY, staleTime: PROJECTS_STALE_MS, enabled });

export const useActiveProject = (enabled = true) =>
  useQuery<ActiveProjectResponse>({
    queryKey: ACTIVE_PROJECT_KEY,
    staleTime: PROJECTS_STALE_MS,
    enabled,
  });

/** Foundations §9: every project change refetches the list and the active project. */
export const invalidateProjects = (queryClient: QueryClient) =>
  void serverChanged(queryClient, 'projects');
