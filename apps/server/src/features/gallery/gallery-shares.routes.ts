import {
  AccessSharedGalleryRequest,
  AccessSharedGalleryResponse,
  CreateGalleryShareRequest,
  CreateGalleryShareResponse,
  ErrorResponse,
  GalleryShare,
  RevokeGalleryShareResponse,
  SharedGalleryQuery,
  SharedGalleryResponse,
  ShareTokenParams,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { shareFileRoutes } from '../../platform/stored-files.ts';
import { limit } from '../../platform/rate-limit.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { revokeShare, sharesOf } from './gallery-shares.repository.ts';
import {
  accessShare,
  createShare,
  openSharedGallery,
  sharedImageKey,
  toGalleryShare,
  toGalleryShareLink,
} from './gallery-shares.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** Links to a gallery or a selection of it (foundations §2.12), and the public page's reads. */
export const gallerySharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gallery'];

  app.post(
    '/api/gallery/shares',
    {
      config: limit(30, '1 hour', (r) => r.user?.id ?? r.ip),
      schema: {
        tags,
        summary: 'Create a share link to the gallery or to selected images; optionally mail it',
        body: CreateGalleryShareRequest,
        response: { 201: CreateGalleryShareResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireWrite(request);
      return reply.status(201).send(await createShare(app, actor, request.body));
    },
  );

  app.get(
    '/api/gallery/shares',
    {
      schema: {
        tags,
        summary: 'The account’s gallery share links, newest first',
        response: { 200: z.array(GalleryShare), ...errors },
      },
    },
    async (request, reply) => {
      const accountId = request.accountId ?? requireUser(request).id;
      reply.header('cache-control', 'private, no-cache');
      const rows = await sharesOf(app.database.db, accountId);
      return rows.map((row) => toGalleryShare(app, row, request.canWrite));
    },
  );

  app.delete(
    '/api/gallery/shares/:id',
    {
      config: limit(120, '1 minute', (r) => r.accountId ?? r.ip),
      schema: {
        tags,
        summary: 'Revoke a share link: it stops working at once',
        params: z.object({ id: z.uuid({ message: 'Share not found' }) }),
        response: { 200: RevokeGalleryShareResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      const row = await revokeShare(app.database.db, accountId, request.params.id);
      if (!row) throw notFound('Share not found');
      return { ...toGalleryShareLink(app, row), message: 'Share link revoked' };
    },
  );

  app.get(
    '/api/shared/:token',
    {
      // No sign-in here: a cap per address keeps view counts and scans honest.
      config: limit(300, '1 minute', (r) => r.ip),
      schema: {
        tags,
        summary: 'A shared gallery, for anyone with the link (410 when it has expired)',
        params: ShareTokenParams,
        querystring: SharedGalleryQuery,
        response: { 200: SharedGalleryResponse, ...errors, 410: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openSharedGallery(app, request, request.params.token, request.query);
    },
  );

  await app.register(
    shareFileRoutes([
      {
        path: '/api/shared/:token/images/:imageId',
        tags,
        summary: 'One image of a shared gallery, while the link is live',
        perMinute: 1200,
        find: async ({ token, imageId }) =>
          isUuid(imageId) ? sharedImageKey(app, token!, imageId) : undefined,
      },
    ]),
  );

  app.post(
    '/api/shared/access',
    {
      config: limit(20, '1 minute', (r) => r.user?.id ?? r.ip),
      schema: {
        tags,
        summary: 'Open a shared gallery by entering its token (or pasting its link)',
        body: AccessSharedGalleryRequest,
        response: { 200: AccessSharedGalleryResponse, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      return accessShare(app, request.body.token);
    },
  );
};
