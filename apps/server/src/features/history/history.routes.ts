import {
  CreateEditedImageRequest,
  EditedImageRecord,
  ErrorResponse,
  HistoryItem,
  ImageIdParams,
  MessageResponse,
  UserStats,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';
import { toEditedImageRecord, toHistoryItem } from '../images/image-records.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import { imageCounts, listImages, updateImage } from '../images/images.repository.ts';
import { deleteImage, resolveOwnImage } from '../images/images.service.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { billingFlags } from '../billing/billing.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const readerOf = (request: Parameters<typeof requireUser>[0]) =>
    request.accountId ?? requireUser(request).id;

  app.get(
    '/api/edited-images',
    {
      schema: {
        tags: ['history'],
        summary: 'Every image of the account with its prompt and place in the edit tree',
        response: { 200: z.array(EditedImageRecord), ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      const rows = await listImages(app.database.db, readerOf(request));
      return rows.map((row) => toEditedImageRecord(row, rows));
    },
  );

  app.post(
    '/api/edited-images',
    {
      schema: {
        tags: ['history'],
        summary: 'Record a prompt, project or original for one of the account’s images',
        body: CreateEditedImageRequest,
        response: { 200: EditedImageRecord, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      const { imageUrl, prompt, originalImageUrl, projectId } = request.body;
      const row = await resolveOwnImage(app, accountId, imageUrl);
      await assertOwnProject(app.database.db, accountId, projectId);
      const original =
        originalImageUrl && originalImageUrl !== imageUrl
          ? await resolveOwnImage(app, accountId, originalImageUrl)
          : undefined;
      const updated = await updateImage(app.database.db, accountId, row.id, {
        ...(prompt !== undefined && row.kind === 'generated' ? { prompt } : {}),
        ...(projectId !== undefined ? { projectId } : {}),
        ...(original && !row.parentId
          ? { parentId: original.id, rootId: original.rootId ?? original.id }
          : {}),
      });
      await publishImagesUpdated(app, accountId, 'updated', [row.id]);
      return toEditedImageRecord(updated ?? row, original ? [original] : []);
    },
  );

  app.delete(
    '/api/edited-images/:id',
    {
      schema: {
        tags: ['history'],
        summary: 'Delete one of the account’s images and its file',
        params: ImageIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      await deleteImage(app, accountId, request.params.id);
      await publishImagesUpdated(app, accountId, 'deleted', [request.params.id]);
      return { message: 'Image deleted' };
    },
  );

  app.get(
    '/api/history',
    {
      schema: {
        tags: ['history'],
        summary: 'Uploads and generated images, newest first',
        response: { 200: z.array(HistoryItem), ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      const rows = await listImages(app.database.db, readerOf(request));
      return rows.map(toHistoryItem);
    },
  );

  app.get(
    '/api/user/stats',
    {
      schema: {
        tags: ['history'],
        summary: 'Credits remaining and image counts',
        response: { 200: UserStats, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      const accountId = readerOf(request);
      await ensureBalance(app.database.db, accountId, app.config.startingCredits);
      const counts = await imageCounts(app.database.db, accountId);
      return {
        creditsRemaining: (await balanceOf(app.database.db, accountId)) ?? 0,
        totalImages: counts.uploaded + counts.generated,
        ...counts,
        ...(await billingFlags(app.database.db, accountId)),
      };
    },
  );
};
