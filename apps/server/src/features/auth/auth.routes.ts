import {
  CurrentUser,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  VerifyEmailQuery,
} from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import { limit } from '../../platform/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authenticate,
  issueToken,
  register,
  requestPasswordReset,
  resetPassword,
  toCurrentUser,
  verifyEmail,
} from './auth.service.ts';
import { endSession, requireUser, startSession } from '../../platform/session.ts';
import { PENDING_COOKIE } from './two-factor.routes.ts';
import { billingFlags } from '../billing/billing.service.ts';

const PENDING_LOGIN_TTL_MS = 5 * 60_000;

const emailOf = (r: FastifyRequest) =>
  String((r.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const exposeLinks = !app.config.isProduction;
  const tags = ['auth'];

  app.post(
    '/api/auth/register',
    {
      config: limit(10, '10 minutes', (r) => r.ip),
      schema: { tags, body: RegisterRequest, response: { 201: RegisterResponse } },
    },
    async (request, reply) => {
      const { user, verificationUrl } = await register(app, request.body);
      if (user) await startSession(app, request, reply, user.id);
      return reply.status(201).send({
        message: 'Please check your email to verify your account.',
        ...(exposeLinks && verificationUrl ? { verificationUrl } : {}),
      });
    },
  );

  app.get(
    '/api/auth/verify-email',
    { schema: { tags, querystring: VerifyEmailQuery } },
    async (request, reply) => {
      const userId = await verifyEmail(app, request.query.token);
      if (!userId) return reply.redirect('/login?error=invalid_verification_link');
      await startSession(app, request, reply, userId);
      return reply.redirect('/?verified=true');
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: limit(10, '1 minute', (r) => `${r.ip}:${emailOf(r)}`),
      schema: { tags, body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (request, reply) => {
      const user = await authenticate(app, request.body.email, request.body.password);
      if (user.totpEnabled) {
        // The password was right; the session starts only after the second factor.
        const pending = await issueToken(app, user.id, 'login_2fa', PENDING_LOGIN_TTL_MS);
        reply.setCookie(PENDING_COOKIE, pending, {
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.isProduction,
          path: '/api/auth',
          maxAge: PENDING_LOGIN_TTL_MS / 1000,
        });
        return { twoFactorRequired: true as const };
      }
      await startSession(app, request, reply, user.id);
      return toCurrentUser(user);
    },
  );

  app.get(
    '/api/auth/user',
    { schema: { tags, response: { 200: CurrentUser } } },
    async (request) => {
      const user = requireUser(request);
      const flags = await billingFlags(app.database.db, request.accountId ?? user.id);
      return { ...toCurrentUser(user, request.viewing), ...flags };
    },
  );

  // A browser navigation (spec): end the session and go home.
  app.get('/api/logout', { schema: { tags } }, async (request, reply) => {
    await endSession(app, request, reply);
    return reply.redirect('/');
  });

  app.post(
    '/api/auth/logout',
    { schema: { tags, response: { 200: MessageResponse } } },
    async (request, reply) => {
      await endSession(app, request, reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: limit(5, '15 minutes', (r) => `${r.ip}:${emailOf(r)}`),
      schema: { tags, body: ForgotPasswordRequest, response: { 200: ForgotPasswordResponse } },
    },
    async (request) => {
      const resetUrl = await requestPasswordReset(app, request.body.email);
      return {
        message: 'If an account exists for this email, a reset link is on its way.',
        ...(exposeLinks && resetUrl ? { resetUrl } : {}),
      };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: limit(10, '15 minutes', (r) => r.ip),
      schema: { tags, body: ResetPasswordRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      await resetPassword(app, request.body.token, request.body.newPassword);
      return { message: 'Your password has been updated. You can now sign in.' };
    },
  );
};
