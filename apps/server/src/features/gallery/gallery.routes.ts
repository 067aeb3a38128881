import { GalleryResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/gallery',
    {
      schema: {
        tags: ['gallery'],
        summary: 'The gallery: public sample for visitors, own images when signed in',
        response: { 200: GalleryResponse },
      },
    },
    // Nothing can be stored or made public before the images and sharing issues land, so the
    // public sample is honestly empty; the landing page shows its empty state.
    async () => [],
  );
};
