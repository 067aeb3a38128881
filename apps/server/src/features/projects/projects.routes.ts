import {
  ActiveProject,
  ActiveProjectResponse,
  CreateProjectRequest,
  ErrorResponse,
  MessageResponse,
  NAME_REQUIRED,
  Project,
  ProjectIdParams,
  ProjectList,
  ShareProjectRequest,
  ShareProjectResponse,
  UpdateProjectRequest,
} from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { limit } from '../../platform/rate-limit.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { sharedProjectRoutes } from './shared-project.routes.ts';
import {
  activateProject,
  activeProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  shareProject,
  updateProject,
  type Viewer,
} from './projects.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

function viewerOf(request: FastifyRequest): Viewer {
  const user = requireUser(request);
  return { accountId: request.accountId ?? user.id, canWrite: request.canWrite };
}

/** Sign-in and write permission are checked before the body, so a read-only grantee gets 403. */
const writer = async (request: FastifyRequest) => void requireWrite(request);

/** The catalogue's 'Name Required' for a missing or blank name, rather than a schema message. */
const nameRequired = (onCreate: boolean) => async (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const name = body.name;
  const blank = typeof name === 'string' && name.trim() === '';
  if (blank || (onCreate && name === undefined)) {
    throw new AppError(400, 'name_required', NAME_REQUIRED, 'Name Required');
  }
};

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['projects'];
  // Saving, renaming and sharing are a person's clicks: 60 a minute each is far above that.
  const writes = limit(60, '1 minute', (r) => r.user?.id ?? r.ip);

  app.get(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'The acting account’s projects, newest updated first (at most 200)',
        response: { 200: ProjectList, ...errors },
      },
    },
    async (request) => listProjects(app, viewerOf(request)),
  );

  app.get(
    '/api/projects/active',
    {
      schema: {
        tags,
        summary: 'The project activated last, or null',
        response: { 200: ActiveProjectResponse, ...errors },
      },
    },
    async (request) => activeProject(app, viewerOf(request).accountId),
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'One project of the acting account',
        params: ProjectIdParams,
        response: { 200: Project, ...errors },
      },
    },
    async (request) => getProject(app, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/projects',
    {
      config: writes,
      preValidation: [writer, nameRequired(true)],
      schema: {
        tags,
        summary: 'Create a project from the account’s images; it becomes the active project',
        body: CreateProjectRequest,
        response: { 200: Project, ...errors },
      },
    },
    async (request) => createProject(app, requireWrite(request).accountId, request.body),
  );

  app.put(
    '/api/projects/:id',
    {
      config: writes,
      preValidation: [writer, nameRequired(false)],
      schema: {
        tags,
        summary: 'Rename, describe, or replace the images of a project',
        params: ProjectIdParams,
        body: UpdateProjectRequest,
        response: { 200: Project, ...errors },
      },
    },
    async (request) =>
      updateProject(app, requireWrite(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/projects/:id',
    {
      config: writes,
      preValidation: writer,
      schema: {
        tags,
        summary: 'Delete a project and all of its images, files included',
        params: ProjectIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteProject(app, requireWrite(request).accountId, request.params.id);
      return { message: 'Project deleted' };
    },
  );

  app.put(
    '/api/projects/:id/activate',
    {
      config: writes,
      preValidation: writer,
      schema: {
        tags,
        summary: 'Make a project the active one',
        params: ProjectIdParams,
        response: { 200: ActiveProject, ...errors },
      },
    },
    async (request) => activateProject(app, requireWrite(request).accountId, request.params.id),
  );

  app.post(
    '/api/projects/:id/share',
    {
      config: writes,
      preValidation: writer,
      schema: {
        tags,
        summary: 'Make a project public at /share/{token}, or private again at once',
        params: ProjectIdParams,
        body: ShareProjectRequest,
        response: { 200: ShareProjectResponse, ...errors },
      },
    },
    async (request) =>
      shareProject(app, requireWrite(request), request.params.id, request.body.isPublic),
  );

  await app.register(sharedProjectRoutes);
};
