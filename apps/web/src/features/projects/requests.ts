import type {
  ActiveProject,
  CreateProjectRequest,
  Project,
  ShareProjectResponse,
  UpdateProjectRequest,
} from '@image-lab/contract';
import { apiRequest } from '@/lib/api';

// The writes, apart from the reads in api.ts: only the menus and dialogs, loaded on demand, use them.
const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

export const createProject = (body: CreateProjectRequest) =>
  json<Project>(apiRequest('POST', '/api/projects', body));
export const updateProject = (id: string, body: UpdateProjectRequest) =>
  json<Project>(apiRequest('PUT', `/api/projects/${id}`, body));
export const deleteProject = (id: string) =>
  json<{ message: string }>(apiRequest('DELETE', `/api/projects/${id}`));
export const activateProject = (id: string) =>
  json<ActiveProject>(apiRequest('PUT', `/api/projects/${id}/activate`));
export const shareProject = (id: string, isPublic: boolean) =>
  json<ShareProjectResponse>(apiRequest('POST', `/api/projects/${id}/share`, { isPublic }));
