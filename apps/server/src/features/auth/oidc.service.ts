import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { oauthAccounts, users } from '../../db/schema/index.ts';
import { findUserByEmail, markEmailVerified } from './auth.repository.ts';

export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

const configs = new WeakMap<FastifyInstance, Promise<client.Configuration>>();

/** Discovery once per app; plain http is allowed only for a loopback issuer (tests, local IdPs). */
function configuration(app: FastifyInstance): Promise<client.Configuration> {
  const oidc = app.config.oidc!;
  let config = configs.get(app);
  if (!config) {
    const issuer = new URL(oidc.issuer);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    config = client.discovery(
      issuer,
      oidc.clientId,
      undefined,
      oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None(),
      issuer.protocol === 'http:' && loopback ? { execute: [client.allowInsecureRequests] } : {},
    );
    config.catch(() => configs.delete(app));
    configs.set(app, config);
  }
  return config;
}

export const callbackUrl = (app: FastifyInstance) => `${app.config.publicUrl}/api/login/callback`;

export async function startFlow(app: FastifyInstance) {
  const config = await configuration(app);
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(app),
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url, flow };
}

/** Finishes the code flow and returns the local user: linked, matched by verified e-mail, or new. */
export async function finishFlow(app: FastifyInstance, currentUrl: URL, flow: OidcFlow) {
  const config = await configuration(app);
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims()!;
  // Providers may keep profile claims out of the ID token; the userinfo endpoint has them.
  const claims = {
    ...idClaims,
    ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)),
  };
  return linkIdentity(app, 'oidc', String(idClaims.sub), {
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
  });
}

export async function linkIdentity(
  app: FastifyInstance,
  provider: string,
  subject: string,
  profile: {
    email?: string;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
  },
) {
  const db = app.database.db;
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)));
  if (linked) return linked.userId;
  if (!profile.email || !profile.emailVerified) {
    throw new Error('The identity provider did not share a verified email address');
  }
  const existing = await findUserByEmail(db, profile.email);
  // Linking to an existing account by e-mail only happens when the provider vouches for it.
  const userId =
    existing?.id ??
    (
      await db
        .insert(users)
        .values({
          email: profile.email.toLowerCase(),
          firstName: profile.firstName,
          lastName: profile.lastName,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id })
    )[0]!.id;
  await markEmailVerified(db, userId);
  await db.insert(oauthAccounts).values({ provider, subject, userId }).onConflictDoNothing();
  return userId;
}
