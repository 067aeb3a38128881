import {
  AccountShareGiven,
  AccountShareReceived,
  MessageResponse,
  ShareAccountRequest,
  SwitchAccountRequest,
  SwitchAccountResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/session.ts';
import { limit } from '../../platform/rate-limit.ts';
import { claimInvitations, sharesGivenBy, sharesReceivedBy } from './account-sharing.repository.ts';
import { removeShare, shareAccount, switchBack, switchInto } from './account-sharing.service.ts';

export const accountSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account-sharing'];
  const db = () => app.database.db;
  // Shares offered to an address become usable once the address is proven.
  app.accountHooks.onAddressVerified((app, { userId, email }) =>
    claimInvitations(app.database.db, email, userId),
  );

  app.get(
    '/api/account-shares',
    { schema: { tags, response: { 200: z.array(AccountShareGiven) } } },
    async (request) => sharesGivenBy(db(), requireUser(request).id),
  );

  app.get(
    '/api/shared-accounts',
    { schema: { tags, response: { 200: z.array(AccountShareReceived) } } },
    async (request) => sharesReceivedBy(db(), requireUser(request).id),
  );

  app.post(
    '/api/share-account',
    {
      config: limit(30, '1 hour', (r) => r.user?.id ?? r.ip),
      schema: { tags, body: ShareAccountRequest, response: { 200: MessageResponse } },
    },
    async (request) => shareAccount(app, request, request.body),
  );

  app.delete(
    '/api/account-share/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid('Share not found') }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await removeShare(app, request, request.params.id);
      return { message: 'Account share removed successfully' };
    },
  );

  app.post(
    '/api/switch-account',
    { schema: { tags, body: SwitchAccountRequest, response: { 200: SwitchAccountResponse } } },
    async (request) => {
      await switchInto(app, request, request.body.ownerId);
      return { message: 'Switched account', ownerId: request.body.ownerId };
    },
  );

  app.post(
    '/api/switch-back',
    { schema: { tags, response: { 200: MessageResponse } } },
    async (request) => {
      await switchBack(app, request);
      return { message: 'Switched back to your own account' };
    },
  );
};
