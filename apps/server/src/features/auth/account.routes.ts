import {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  MessageResponse,
  PrivacySettings,
  VerifyEmailQuery,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  exportData,
  requestEmailChange,
  signOutOtherSessions,
} from './account.service.ts';
import { setKeepsPublicLocation } from './auth.repository.ts';
import { limit } from '../../platform/rate-limit.ts';
import { endSession, requireOwnAccount } from '../../platform/session.ts';

const ChangeEmailResponse = MessageResponse.extend({ confirmationUrl: z.string().optional() });

/** Account settings beyond the specification: all account-level, so never while switched. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];
  const guard = limit(10, '15 minutes', (r) => `${r.ip}:${r.user?.id ?? ''}`);

  app.post(
    '/api/auth/change-password',
    {
      config: guard,
      schema: { tags, body: ChangePasswordRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      const user = requireOwnAccount(request);
      await changePassword(
        app,
        user,
        request.sessionHash!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { message: 'Your password has been changed. Other devices were signed out.' };
    },
  );

  app.post(
    '/api/auth/change-email',
    {
      config: guard,
      schema: { tags, body: ChangeEmailRequest, response: { 200: ChangeEmailResponse } },
    },
    async (request) => {
      const url = await requestEmailChange(
        app,
        requireOwnAccount(request),
        request.body.newEmail,
        request.body.password,
      );
      return {
        message: 'Open the link we sent to the new address to confirm it.',
        ...(!app.config.isProduction && url ? { confirmationUrl: url } : {}),
      };
    },
  );

  app.get(
    '/api/auth/confirm-email-change',
    { schema: { tags, querystring: VerifyEmailQuery } },
    async (request, reply) => {
      const ok = await confirmEmailChange(app, request.query.token);
      return reply.redirect(ok ? '/settings?emailChanged=true' : '/settings?emailChanged=false');
    },
  );

  app.put(
    '/api/auth/privacy',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Whether public copies of your images keep their GPS position (off by default)',
        body: PrivacySettings,
        response: { 200: PrivacySettings },
      },
    },
    async (request) => {
      const user = requireOwnAccount(request);
      await setKeepsPublicLocation(app.database.db, user.id, request.body.keepsPublicLocation);
      return { keepsPublicLocation: request.body.keepsPublicLocation };
    },
  );

  app.post(
    '/api/auth/logout-others',
    { schema: { tags, response: { 200: MessageResponse } } },
    async (request) => {
      await signOutOtherSessions(app, requireOwnAccount(request).id, request.sessionHash!);
      return { message: 'Signed out of every other device' };
    },
  );

  app.delete(
    '/api/auth/account',
    {
      config: guard,
      schema: { tags, body: DeleteAccountRequest, response: { 200: MessageResponse } },
    },
    async (request, reply) => {
      await deleteAccount(app, requireOwnAccount(request), request.body.password);
      await endSession(app, request, reply);
      return { message: 'Your account and all its data have been deleted' };
    },
  );

  app.get('/api/auth/export', { schema: { tags } }, async (request, reply) => {
    const data = await exportData(app, requireOwnAccount(request));
    return reply
      .header('content-disposition', 'attachment; filename="image-lab-export.json"')
      .send(data);
  });
};
