import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { oauthAccounts, users } from '../../db/schema/index.ts';
import { deleteSessionsOfUser, findUserByEmail, markEmailVerified } from './auth.repository.ts';

export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

export type OidcProviderName = 'oidc' | 'google';

const configs = new WeakMap<
  FastifyInstance,
  Map<OidcProviderName, Promise<client.Configuration>>
>();

export const providerSettings = (app: FastifyInstance, name: OidcProviderName) =>
  name === 'google' ? app.config.google : app.config.oidc;

/** Discovery once per app; plain http is allowed only for a loopback issuer (tests, local IdPs). */
function configuration(
  app: FastifyInstance,
  name: OidcProviderName,
): Promise<client.Configuration> {
  const oidc = providerSettings(app, name)!;
  const perApp = configs.get(app) ?? new Map<OidcProviderName, Promise<client.Configuration>>();
  configs.set(app, perApp);
  let config = perApp.get(name);
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
    config.catch(() => perApp.delete(name));
    perApp.set(name, config);
  }
  return config;
}

export const callbackPath = (name: OidcProviderName) =>
  name === 'google' ? '/api/auth/google/callback' : '/api/login/callback';
const callbackUrl = (app: FastifyInstance, name: OidcProviderName) =>
  `${app.config.publicUrl}${callbackPath(name)}`;

export async function startFlow(app: FastifyInstance, name: OidcProviderName) {
  const config = await configuration(app, name);
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(app, name),
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url, flow };
}

/** Finishes the code flow and returns the local user: linked, matched by verified e-mail, or new. */
export async function finishFlow(
  app: FastifyInstance,
  name: OidcProviderName,
  currentUrl: URL,
  flow: OidcFlow,
) {
  const config = await configuration(app, name);
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
  return linkIdentity(app, name, String(idClaims.sub), {
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
  if (existing && !existing.emailVerifiedAt) {
    // Whoever set that password never proved the address; the provider just did. Drop the
    // password and its sessions so a squatter cannot keep a way in (account pre-hijacking).
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, existing.id));
    await deleteSessionsOfUser(db, existing.id);
  }
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
