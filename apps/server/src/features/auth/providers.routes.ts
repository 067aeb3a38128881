import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const AuthProvidersResponse = z.object({
  google: z.boolean(),
  github: z.boolean(),
  oidc: z.boolean(),
});

/**
 * Google, GitHub and the generic OpenID Connect sign-in need an operator's client credentials.
 * Until they are configured, the buttons land back on the sign-in screen with an explanation
 * instead of a broken page.
 */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const configured = { google: false, github: false, oidc: false };
  app.get(
    '/api/auth/providers',
    { schema: { tags: ['auth'], response: { 200: AuthProvidersResponse } } },
    async () => configured,
  );
  for (const [path, provider] of [
    ['/api/auth/google', 'google'],
    ['/api/auth/github', 'github'],
    ['/api/login', 'oidc'],
  ] as const) {
    app.get(path, { schema: { tags: ['auth'] } }, async (_request, reply) =>
      reply.redirect(`/login?error=provider_not_configured&provider=${provider}`),
    );
  }
};
