import {
  ErrorResponse,
  MessageResponse,
  MoreStylesResponse,
  ProcessRoomResponse,
  RoomSharingRequest,
  RoomSharingResponse,
  RoomUpload,
  RoomUploadParams,
  RoomUploadsQuery,
  RoomUploadsResponse,
  RoomVariation,
  SharedDesign,
  SharedDesignParams,
  UploadRoomResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { shareFileRoutes } from '../../platform/stored-files.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { readerMayWrite, requireReader, requireWriter, uploaderOf } from './room-owner.ts';
import { defineRoomJobs } from './rooms.job.ts';
import { moreStyles } from './more-styles.service.ts';
import { settleProcessing, startProcessing } from './room-processing.service.ts';
import {
  deleteRoom,
  getRoomUpload,
  listRooms,
  roomVariations,
  setRoomSharing,
  sharedDesign,
  sharedDesignImageKey,
  uploadRoom,
} from './rooms.service.ts';
import { scheduleRoomMaintenance } from './rooms.sweeper.ts';
import { roomKeysOfAccount } from './rooms.repository.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
const tags = ['rooms'];
const perOwner = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
  },
});

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoomJobs(app);
  app.accountHooks.onAccountFiles((app, accountId) =>
    roomKeysOfAccount(app.database.db, accountId),
  );
  scheduleRoomMaintenance(app);
  app.addHook('preClose', async () => settleProcessing(app));

  app.post(
    '/api/upload-room',
    {
      config: perOwner(30),
      schema: {
        tags,
        summary: 'Upload a room photo (multipart field image, optional sessionId) → uploadId',
        consumes: ['multipart/form-data'],
        response: { 200: UploadRoomResponse, ...errors },
      },
    },
    async (request, reply) => {
      const owner = uploaderOf(app, request, reply);
      const form = await readMultipartForm(request, ['image']);
      const file = form.files.get('image');
      if (!file) throw badRequest('Choose an image to upload', 'no_image');
      const sessionId = form.fields.sessionId?.trim().slice(0, 200) || undefined;
      return uploadRoom(app, owner, file, sessionId);
    },
  );

  app.post(
    '/api/process-room/:id',
    {
      config: perOwner(10),
      schema: {
        tags,
        summary: 'Start processing: furniture removed and the four styles (a job; 202)',
        description:
          'Answers at once with the job id; progress arrives as job-progress events on ' +
          "/api/events (accounts) and in the design's progress (GET /api/room-upload/{id}).",
        params: RoomUploadParams,
        response: { 202: ProcessRoomResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startProcessing(
        app,
        requireWriter(request),
        request.params.id,
        request.ip,
      );
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/api/gallery/uploads',
    {
      schema: {
        tags,
        summary: "Room designs, newest first: the account's, or a guest's for one session",
        querystring: RoomUploadsQuery,
        response: { 200: RoomUploadsResponse, ...errors },
      },
    },
    async (request) =>
      listRooms(app, requireReader(request), request.query.sessionId, readerMayWrite(request)),
  );

  app.get(
    '/api/room-upload/:id',
    {
      schema: {
        tags,
        summary: 'One room design with its status, progress and variations',
        params: RoomUploadParams,
        response: { 200: RoomUpload, ...errors },
      },
    },
    async (request) =>
      getRoomUpload(app, requireReader(request), request.params.id, readerMayWrite(request)),
  );

  app.delete(
    '/api/room-upload/:id',
    {
      schema: {
        tags,
        summary: 'Delete a room design with all its images and shopping results',
        params: RoomUploadParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteRoom(app, requireWriter(request), request.params.id);
      return { message: 'Room design deleted' };
    },
  );

  app.get(
    '/api/room-variations/:id',
    {
      schema: {
        tags,
        summary: 'The style variations of a room design',
        params: RoomUploadParams,
        response: { 200: z.array(RoomVariation), ...errors },
      },
    },
    async (request) => roomVariations(app, requireReader(request), request.params.id),
  );

  app.post(
    '/api/room-upload/:id/more-styles',
    {
      config: perOwner(10),
      schema: {
        tags,
        summary: "'More styles': four further styles for 10 credits (active subscription)",
        params: RoomUploadParams,
        response: { 200: MoreStylesResponse, 500: ErrorResponse, ...errors },
      },
    },
    async (request) => moreStyles(app, requireWriter(request), request.params.id),
  );

  app.put(
    '/api/room-upload/:id/sharing',
    {
      schema: {
        tags,
        summary: 'Turn the public page of a design on or off (accounts only)',
        params: RoomUploadParams,
        body: RoomSharingRequest,
        response: { 200: RoomSharingResponse, ...errors },
      },
    },
    async (request) => {
      const owner = requireWriter(request);
      if (owner.kind !== 'account' || !request.user) {
        throw new AppError(401, 'login_required', 'Sign in to share images', 'Login Required');
      }
      return setRoomSharing(app, owner, request.params.id, {
        isPublic: request.body.isPublic,
        by: request.user.id,
      });
    },
  );

  app.get(
    '/api/shared/design/:uploadId',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A shared room design, read-only, without signing in',
        params: SharedDesignParams,
        response: { 200: SharedDesign, ...errors },
      },
    },
    async (request) => sharedDesign(app, request.params.uploadId),
  );

  await app.register(
    shareFileRoutes([
      {
        path: '/api/shared/design/:uploadId/images/:image',
        tags,
        summary: "One image of a shared room design ('original', 'removed' or a variation id)",
        perMinute: 1200,
        find: ({ uploadId, image }) => sharedDesignImageKey(app, uploadId!, image!),
      },
    ]),
  );
};
