import {
  AddWhiteboardImageRequest,
  AddWhiteboardImageResponse,
  ErrorResponse,
  SaveWhiteboardRequest,
  WHITEBOARD_VERSION_CONFLICT,
  WhiteboardBoard,
  WhiteboardConflict,
  WhiteboardQuery,
} from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limit } from '../../platform/rate-limit.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { addWhiteboardImage, getBoard, saveWhiteboard } from './whiteboard.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** Sign-in and write permission come before the body, so a read-only grantee gets 403. */
const writer = async (request: FastifyRequest) => void requireWrite(request);

export const whiteboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whiteboard'];
  // The board saves itself a moment after each change: generous, but not unbounded.
  const saves = limit(300, '1 minute', (r) => r.user?.id ?? r.ip);
  const sends = limit(120, '1 minute', (r) => r.user?.id ?? r.ip);

  app.get(
    '/api/whiteboard',
    {
      schema: {
        tags,
        summary: 'The board of a project (or the account’s default board), in the current schema',
        querystring: WhiteboardQuery,
        response: { 200: WhiteboardBoard, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getBoard(app, request.accountId ?? user.id, request.query.projectId);
    },
  );

  app.put(
    '/api/whiteboard',
    {
      config: saves,
      preValidation: writer,
      schema: {
        tags,
        summary: 'Replace the board when `version` is current; 409 with the board otherwise',
        body: SaveWhiteboardRequest,
        response: { 200: WhiteboardBoard, 409: WhiteboardConflict, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId, user } = requireWrite(request);
      const result = await saveWhiteboard(app, { accountId, userId: user.id }, request.body);
      if ('saved' in result) return result.saved;
      return reply.status(409).send({
        message: WHITEBOARD_VERSION_CONFLICT,
        code: 'version_conflict' as const,
        board: result.conflict,
        ...(result.conflicts ? { conflicts: result.conflicts } : {}),
        ...(result.changedBy ? { changedBy: result.changedBy } : {}),
      });
    },
  );

  app.post(
    '/api/whiteboard-images',
    {
      config: sends,
      preValidation: writer,
      schema: {
        tags,
        summary: 'Send one of the account’s images to a board (200×150, on top, by default)',
        body: AddWhiteboardImageRequest,
        response: { 200: AddWhiteboardImageResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId, user } = requireWrite(request);
      return addWhiteboardImage(app, { accountId, userId: user.id }, request.body);
    },
  );
};
