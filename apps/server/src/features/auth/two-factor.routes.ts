import {
  CurrentUser,
  DisableTwoFactorRequest,
  EnableTwoFactorRequest,
  LoginTwoFactorRequest,
  MessageResponse,
  SetupTwoFactorResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { consumeToken, findUserById, findValidToken } from './auth.repository.ts';
import { toCurrentUser } from './auth.service.ts';
import { limit } from '../../platform/rate-limit.ts';
import { hashToken } from '../../platform/secrets.ts';
import { requireOwnAccount, startSession } from '../../platform/session.ts';
import { checkSecondFactor, disable, enable, startSetup } from './two-factor.service.ts';

export const PENDING_COOKIE = 'pending_2fa';
const EXPIRED_LOGIN = 'Your sign-in has expired. Please enter your email and password again.';

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/setup-2fa',
    { schema: { tags, response: { 200: SetupTwoFactorResponse } } },
    async (request) => startSetup(app, requireOwnAccount(request)),
  );

  app.post(
    '/api/auth/enable-2fa',
    {
      config: limit(10, '5 minutes', (r) => `${r.ip}:${r.user?.id ?? ''}`),
      schema: { tags, body: EnableTwoFactorRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      await enable(app, requireOwnAccount(request), request.body.token);
      return { message: '2FA Enabled!' };
    },
  );

  app.post(
    '/api/auth/disable-2fa',
    {
      config: limit(10, '5 minutes', (r) => `${r.ip}:${r.user?.id ?? ''}`),
      schema: { tags, body: DisableTwoFactorRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      await disable(app, requireOwnAccount(request), request.body.password, request.body.token);
      return { message: '2FA disabled' };
    },
  );

  app.post(
    '/api/auth/login/2fa',
    {
      config: limit(5, '1 minute', (r) => `${r.ip}:${r.cookies[PENDING_COOKIE] ?? ''}`),
      schema: { tags, body: LoginTwoFactorRequest, response: { 200: CurrentUser } },
    },
    async (request, reply) => {
      const pending = request.cookies[PENDING_COOKIE];
      const pendingHash = pending ? hashToken(pending) : undefined;
      const userId = pendingHash
        ? await findValidToken(app.database.db, pendingHash, 'login_2fa')
        : undefined;
      const user = userId ? await findUserById(app.database.db, userId) : undefined;
      if (!user || !pendingHash) throw new AppError(401, 'login_expired', EXPIRED_LOGIN);
      await checkSecondFactor(app, user, request.body.token);
      if (!(await consumeToken(app.database.db, pendingHash, 'login_2fa'))) {
        throw new AppError(401, 'login_expired', EXPIRED_LOGIN);
      }
      reply.clearCookie(PENDING_COOKIE, { path: '/api/auth' });
      await startSession(app, request, reply, user.id);
      return toCurrentUser(user);
    },
  );
};
