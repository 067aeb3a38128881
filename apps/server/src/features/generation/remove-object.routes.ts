import {
  EditRefusalResponse,
  ErrorResponse,
  RemoveObjectRequest,
  RemoveObjectResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireWrite } from '../../platform/session.ts';
import { defineRemoveObjectJob } from './remove-object.job.ts';
import { removeObjectAt } from './remove-object.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: EditRefusalResponse,
  429: ErrorResponse,
  501: ErrorResponse,
};

export const removeObjectRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRemoveObjectJob(app);

  app.post(
    '/api/remove-object',
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (r) => r.accountId ?? r.ip,
        },
      },
      schema: {
        tags: ['generation'],
        summary: 'Remove the object under a click (x, y in percent); 1 credit',
        description:
          'Detects the objects (COCO CenterNet), takes the smallest box containing the point and ' +
          "refines it to the object's outline with its contact shadow. The local engine fills " +
          'it from the room around it behind a quality gate: 422 too_large (with `clauses`, ' +
          'refunded, nothing stored) keeps a piece whose fill would smear; a hosted inpainter ' +
          'gets the same outline as its mask. 422 nothing_at_point when no object contains the ' +
          'point (refunded).',
        body: RemoveObjectRequest,
        response: { 200: RemoveObjectResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      return removeObjectAt(app, accountId, request.body);
    },
  );
};
