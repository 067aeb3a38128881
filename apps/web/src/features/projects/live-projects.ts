import { useQueryClient } from '@tanstack/react-query';
import {
  useAccountEvent,
  useImagesUpdated,
  type AccountEventType,
} from '@/lib/live/account-events';
import { invalidateProjects, PROJECTS_KEY } from './api';

// The server publishes it (docs/decisions/007-projects.md); the shared event list predates it.
const PROJECTS_UPDATED = 'projects-updated' as AccountEventType;

/**
 * Another tab or device changed a project, or images moved (a project lists its images):
 * the project data is fetched again.
 */
export function useLiveProjects(enabled = true) {
  const queryClient = useQueryClient();
  useAccountEvent(PROJECTS_UPDATED, () => invalidateProjects(queryClient), enabled);
  useImagesUpdated(() => void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }), enabled);
}
