import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishFlow, startFlow, type OidcFlow } from './oidc.service.ts';
import { startSession } from './session.ts';

export const AuthProvidersResponse = z.object({
  google: z.boolean(),
  github: z.boolean(),
  oidc: z.boolean(),
});

const FLOW_COOKIE = 'oidc_flow';
const notConfigured = (reply: FastifyReply, provider: string) =>
  reply.redirect(`/login?error=provider_not_configured&provider=${provider}`);

/**
 * Outside sign-in. The generic OpenID Connect flow at /api/login works when OIDC_* is set;
 * Google and GitHub are not wired yet. A provider that is not configured lands back on the
 * sign-in screen with an explanation instead of a broken page.
 */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.get(
    '/api/auth/providers',
    { schema: { tags, response: { 200: AuthProvidersResponse } } },
    async () => ({ google: false, github: false, oidc: Boolean(app.config.oidc) }),
  );
  app.get('/api/auth/google', { schema: { tags } }, async (_r, reply) =>
    notConfigured(reply, 'google'),
  );
  app.get('/api/auth/github', { schema: { tags } }, async (_r, reply) =>
    notConfigured(reply, 'github'),
  );

  app.get('/api/login', { schema: { tags } }, async (request, reply) => {
    if (!app.config.oidc) return notConfigured(reply, 'oidc');
    try {
      const { url, flow } = await startFlow(app);
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.isProduction,
        path: '/api/login',
        maxAge: 600,
      });
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect provider unreachable');
      return reply.redirect('/login?error=provider_unavailable&provider=oidc');
    }
  });

  app.get('/api/login/callback', { schema: { tags } }, async (request, reply) => {
    if (!app.config.oidc) return notConfigured(reply, 'oidc');
    let flow: OidcFlow;
    try {
      flow = JSON.parse(request.cookies[FLOW_COOKIE] ?? '') as OidcFlow;
    } catch {
      return reply.redirect('/login?error=sign_in_failed&provider=oidc');
    }
    reply.clearCookie(FLOW_COOKIE, { path: '/api/login' });
    try {
      const current = new URL(request.url, app.config.publicUrl);
      const userId = await finishFlow(app, current, flow);
      await startSession(app, request, reply, userId);
      return reply.redirect('/editor');
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
      return reply.redirect('/login?error=sign_in_failed&provider=oidc');
    }
  });
};
