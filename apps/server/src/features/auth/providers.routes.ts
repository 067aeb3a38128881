import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthProvidersResponse } from '@image-lab/contract';
import {
  callbackPath,
  finishFlow,
  providerSettings,
  startFlow,
  type OidcFlow,
  type OidcProviderName,
} from './oidc.service.ts';
import { startSession } from '../../platform/session.ts';
import {
  finishGithubFlow,
  GITHUB_CALLBACK_PATH,
  startGithubFlow,
  type GithubFlow,
} from './github.service.ts';

const FLOW_COOKIE = 'oidc_flow';
const notConfigured = (reply: FastifyReply, provider: string) =>
  reply.redirect(`/login?error=provider_not_configured&provider=${provider}`);

/**
 * Outside sign-in: the generic OpenID Connect flow at /api/login (OIDC_*) and Google, which
 * speaks OpenID Connect too (GOOGLE_*), and GitHub's OAuth 2 (GITHUB_*). A provider that is not
 * configured lands back on the sign-in screen with an explanation instead of a broken page.
 */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.get(
    '/api/auth/providers',
    { schema: { tags, response: { 200: AuthProvidersResponse } } },
    async () => ({
      google: Boolean(app.config.google),
      github: Boolean(app.config.github),
      oidc: Boolean(app.config.oidc),
    }),
  );
  registerGithub(app);

  const routes: [OidcProviderName, string][] = [
    ['oidc', '/api/login'],
    ['google', '/api/auth/google'],
  ];
  for (const [name, startPath] of routes) {
    const cookiePath = callbackPath(name);
    app.get(startPath, { schema: { tags } }, async (request, reply) => {
      if (!providerSettings(app, name)) return notConfigured(reply, name);
      try {
        const { url, flow } = await startFlow(app, name);
        reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.isProduction,
          path: cookiePath,
          maxAge: 600,
        });
        return reply.redirect(url.href);
      } catch (error) {
        request.log.warn({ err: error, provider: name }, 'sign-in provider unreachable');
        return reply.redirect(`/login?error=provider_unavailable&provider=${name}`);
      }
    });

    app.get(cookiePath, { schema: { tags } }, async (request, reply) => {
      if (!providerSettings(app, name)) return notConfigured(reply, name);
      const failed = () => reply.redirect(`/login?error=sign_in_failed&provider=${name}`);
      let flow: OidcFlow;
      try {
        flow = JSON.parse(request.cookies[FLOW_COOKIE] ?? '') as OidcFlow;
      } catch {
        return failed();
      }
      reply.clearCookie(FLOW_COOKIE, { path: cookiePath });
      try {
        const userId = await finishFlow(
          app,
          name,
          new URL(request.url, app.config.publicUrl),
          flow,
        );
        await startSession(app, request, reply, userId);
        return reply.redirect('/editor');
      } catch (error) {
        request.log.warn({ err: error, provider: name }, 'sign-in with a provider failed');
        return failed();
      }
    });
  }
};

const GITHUB_COOKIE = 'github_flow';

function registerGithub(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get('/api/auth/github', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!app.config.github) return notConfigured(reply, 'github');
    const { url, flow } = await startGithubFlow(app);
    reply.setCookie(GITHUB_COOKIE, JSON.stringify(flow), {
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.isProduction,
      path: GITHUB_CALLBACK_PATH,
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });
  app.get(GITHUB_CALLBACK_PATH, { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!app.config.github) return notConfigured(reply, 'github');
    reply.clearCookie(GITHUB_COOKIE, { path: GITHUB_CALLBACK_PATH });
    try {
      const flow = JSON.parse(request.cookies[GITHUB_COOKIE] ?? '') as GithubFlow;
      const userId = await finishGithubFlow(app, request.query as Record<string, string>, flow);
      await startSession(app, request, reply, userId);
      return reply.redirect('/editor');
    } catch (error) {
      request.log.warn({ err: error, provider: 'github' }, 'sign-in with a provider failed');
      return reply.redirect('/login?error=sign_in_failed&provider=github');
    }
  });
}
