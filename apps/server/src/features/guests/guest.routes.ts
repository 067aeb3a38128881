import { GuestAllowanceResponse } from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { existingGuest } from '../../platform/guest-identity.ts';
import { guestAllowance } from './guest.service.ts';
import { scheduleGuestSweeps } from './guest-files.sweeper.ts';

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleGuestSweeps(app);

  app.get(
    '/api/guest/allowance',
    {
      schema: {
        tags: ['guests'],
        summary: 'Free results a visitor without an account has left today',
        response: { 200: GuestAllowanceResponse },
      },
    },
    async (request) => {
      const hash = existingGuest(request) ?? 'none';
      return guestAllowance(app, { hash, ip: request.ip });
    },
  );
};
