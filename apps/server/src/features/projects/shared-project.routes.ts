import { ErrorResponse, ProjectShareTokenParams, SharedProjectResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limit } from '../auth/rate-limit.ts';
import { openSharedImage, openSharedProject } from './shared-project.service.ts';

/** Short, so a project made private drops out of browser and proxy caches within 30 seconds. */
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
        const project = await openSharedProject(app, request.params.token);
        reply.header('cache-control', PUBLIC_CACHE);
        return project;
      },
    );
  }

  app.get(
    '/api/shared-project/:token/images/:imageId',
    {
      // A grid of up to 200 images loads at once.
      config: limit(1200, '1 minute', (r) => r.ip),
      schema: {
        tags,
        summary: 'One image of a public project',
        params: ProjectShareTokenParams.extend({ imageId: z.string().max(100) }),
        response: {
          200: { description: 'The image', content: { 'image/*': { schema: z.any() } } },
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const object = await openSharedImage(app, request.params.token, request.params.imageId);
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', PUBLIC_CACHE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body);
    },
  );
};
