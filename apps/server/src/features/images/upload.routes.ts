import { ErrorResponse, SavedImageResponse } from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { requireWrite } from '../../platform/session.ts';
import { guestOf } from '../../platform/guest-identity.ts';
import { saveGuestOriginal } from './guest-upload.service.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { saveCrop, saveOriginal } from './upload.service.ts';
import { subscribeToAccountHooks } from './account-images.ts';

const uploadErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};
const ProjectField = z.uuid({ message: 'Not a valid project id' }).optional();

function projectIdOf(fields: Record<string, string>): string | undefined {
  const parsed = ProjectField.safeParse(fields.projectId || undefined);
  if (!parsed.success) throw badRequest('Not a valid project id', 'validation_failed');
  return parsed.data;
}

async function readImageFile(request: FastifyRequest) {
  const form = await readMultipartForm(request, ['image']);
  const file = form.files.get('image');
  if (!file) throw badRequest('Choose an image to upload', 'no_image');
  return file;
}

async function readUpload(request: FastifyRequest) {
  const { accountId } = requireWrite(request);
  const form = await readMultipartForm(request, ['image']);
  const file = form.files.get('image');
  if (!file) throw badRequest('Choose an image to upload', 'no_image');
  const ctx = {
    accountId,
    projectId: projectIdOf(form.fields),
    sessionId: form.fields.sessionId?.slice(0, 200) || null,
  };
  return { file, ctx, fields: form.fields };
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  subscribeToAccountHooks(app);
  const uploadLimit = {
    rateLimit: {
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
    },
  };

  app.post(
    '/api/save-original-image',
    {
      config: uploadLimit,
      schema: {
        tags: ['images'],
        summary: 'Upload an image: checked by its bytes, oriented, snapped to an aspect ratio',
        consumes: ['multipart/form-data'],
        response: { 200: SavedImageResponse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      // Visitors without an account may try the editor: their uploads are kept for a day only.
      if (!request.user && app.config.guestFreeImages > 0) {
        const file = await readImageFile(request);
        return saveGuestOriginal(app, { hash: guestOf(app, request, reply), ip: request.ip }, file);
      }
      const { file, ctx } = await readUpload(request);
      return saveOriginal(app, file, ctx);
    },
  );

  app.post(
    '/api/save-cropped-image',
    {
      config: uploadLimit,
      schema: {
        tags: ['images'],
        summary: 'Save a crop made in the editor as a new gallery image',
        consumes: ['multipart/form-data'],
        response: { 200: SavedImageResponse, ...uploadErrors, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { file, ctx, fields } = await readUpload(request);
      // The crop's source, when given, links the crop into the edit tree.
      return saveCrop(app, file, { ...ctx, sourceImageUrl: fields.sourceImageUrl || undefined });
    },
  );
};
