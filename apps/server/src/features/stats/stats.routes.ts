import { DailyStatsQuery, DailyStatsResponse, ErrorResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/session.ts';
import { dailyStats } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats/daily',
    {
      schema: {
        tags: ['stats'],
        summary: 'Images made and credits used per day, for the Stats chart',
        querystring: DailyStatsQuery,
        response: { 200: DailyStatsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { days: await dailyStats(app, request.accountId ?? user.id, request.query) };
    },
  );
};
