import type { ActiveProjectResponse, Project } from '@image-lab/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';

export const PROJECTS_KEY = ['/api/projects'];
export const ACTIVE_PROJECT_KEY = ['/api/projects/active'];

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
export function invalidateProjects(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
  void queryClient.invalidateQueries({ queryKey: ACTIVE_PROJECT_KEY });
}
