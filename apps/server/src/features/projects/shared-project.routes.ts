import { ErrorResponse, ProjectShareTokenParams, SharedProjectResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareFileRoutes } from '../../platform/stored-files.ts';
import { limit } from '../../platform/rate-limit.ts';
import { openSharedProject, sharedProjectImageKey } from './shared-project.service.ts';

/** The page's answer: short, so a project made private drops out of caches within 30 seconds. */
const PUBLIC_CACHE = 'public, max-age=30';

/** The public project viewer (/share/{token}): no sign-in. */
export const sharedProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['projects'];

  // The spec's call is /api/shared-project/{shareCode}; /api/share/{token} mirrors the page path.
  for (const url of ['/api/shared-project/:token', '/api/share/:token']) {
    app.get(
      url,
      {
        // Every view is counted with a write: a visitor gets plenty, a loop does not.
        config: limit(120, '1 minute', (r) => r.ip),
        schema: {
          tags,
          summary: 'A public project, no sign-in; counts the view',
          params: ProjectShareTokenParams,
          response: { 200: SharedProjectResponse, 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request, reply) => {
        const project = await openSharedProject(app, request, request.params.token);
        reply.header('cache-control', PUBLIC_CACHE);
        return project;
      },
    );
  }

  await app.register(
    shareFileRoutes([
      {
        path: '/api/shared-project/:token/images/:imageId',
        tags,
        summary: 'One image of a public project',
        // A grid of up to 200 images loads at once.
        perMinute: 1200,
        find: ({ token, imageId }) => sharedProjectImageKey(app, token!, imageId!),
      },
    ]),
  );
};
