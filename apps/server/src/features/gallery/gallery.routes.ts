import {
  DeleteGalleryImagesRequest,
  DeleteGalleryImagesResponse,
  ErrorResponse,
  GalleryItem,
  GalleryPage,
  GalleryQuery,
  GalleryResponse,
  ImageIdParams,
  ReorderGalleryRequest,
  ReorderGalleryResponse,
  UpdateGalleryImageRequest,
} from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { shareFileRoutes } from '../../platform/stored-files.ts';
import { limit } from '../../platform/rate-limit.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import { publishedImageKey, updateMarks } from './gallery.repository.ts';
import {
  deleteGalleryImages,
  galleryPage,
  publicSample,
  reorderImage,
  toGalleryItem,
} from './gallery.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** The list the spec's clients read keeps at most 100 items (foundations §7). */
const LIST_SIZE = 100;

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gallery'];
  const readerOf = (request: FastifyRequest) => request.accountId ?? requireUser(request).id;
  // Gallery edits are cheap but each one tells every open tab: a generous cap per account.
  const writeLimit = limit(120, '1 minute', (r) => r.accountId ?? r.ip);

  app.get(
    '/api/gallery',
    {
      schema: {
        tags,
        summary: 'Visitors: the public sample. Signed in: the newest 100 of the gallery',
        response: { 200: GalleryResponse },
      },
    },
    async (request, reply) => {
      // One address, two audiences: a shared cache must key on the cookie.
      reply.header('vary', 'Cookie');
      if (!request.user) {
        // Revalidated on every look: an image taken off the public gallery leaves it at once.
        reply.header('cache-control', 'public, no-cache');
        return publicSample(app);
      }
      reply.header('cache-control', 'private, no-cache');
      const page = await galleryPage(app, readerOf(request), { limit: LIST_SIZE, type: 'all' });
      return page.items;
    },
  );

  app.get(
    '/api/gallery/page',
    {
      schema: {
        tags,
        summary: 'One page of the gallery in its order, filtered by type or favourites',
        querystring: GalleryQuery,
        response: { 200: GalleryPage, ...errors },
      },
    },
    async (request, reply) => {
      requireUser(request);
      reply.header('cache-control', 'private, no-cache');
      return galleryPage(app, readerOf(request), request.query);
    },
  );

  app.patch(
    '/api/gallery/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Mark an image as a favourite, or publish it to the public gallery (or not)',
        params: ImageIdParams,
        body: UpdateGalleryImageRequest,
        response: { 200: GalleryItem, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      const row = await updateMarks(app.database.db, accountId, request.params.id, request.body);
      if (!row) throw notFound('Image not found');
      await publishImagesUpdated(app, accountId, 'updated', [row.id]);
      return toGalleryItem(row);
    },
  );

  app.post(
    '/api/gallery/reorder',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Move an image between two neighbours (a drag in the gallery)',
        body: ReorderGalleryRequest,
        response: { 200: ReorderGalleryResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      return reorderImage(app, accountId, request.body);
    },
  );

  app.post(
    '/api/gallery/delete',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Delete several images and their files',
        body: DeleteGalleryImagesRequest,
        response: { 200: DeleteGalleryImagesResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      const deleted = await deleteGalleryImages(app, accountId, request.body.ids);
      return { message: `${deleted} ${deleted === 1 ? 'image' : 'images'} deleted`, deleted };
    },
  );

  await app.register(
    shareFileRoutes([
      {
        path: '/api/gallery/public/:id',
        tags,
        summary: 'An image of the public gallery, while its owner has it published there',
        perMinute: 1200,
        find: async ({ id }) =>
          isUuid(id) ? publishedImageKey(app.database.db, id.toLowerCase()) : undefined,
      },
    ]),
  );
};
