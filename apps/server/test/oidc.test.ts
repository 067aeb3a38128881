import net, { type AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { sessionCookieOf, withSession } from './auth-helpers.ts';

const PUBLIC_URL = 'http://localhost:5000';
let app: App;
let issuer: string;
let close: () => Promise<void>;

/** A real OpenID provider on 127.0.0.1 with one client: Image Lab. */
beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'image-lab',
        client_secret: 'image-lab-secret',
        redirect_uris: [`${PUBLIC_URL}/api/login/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: 'google-client',
        client_secret: 'google-secret',
        redirect_uris: [`${PUBLIC_URL}/api/auth/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@idp.example.test`,
        email_verified: true,
        given_name: 'Ida',
        family_name: 'Provider',
      }),
    }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    cookies: { keys: ['test-cookie-key'] },
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  app = await buildTestApp({
    PUBLIC_URL,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'image-lab',
    OIDC_CLIENT_SECRET: 'image-lab-secret',
    // Google is an OpenID provider: its flow is exercised against the same local provider.
    GOOGLE_ISSUER_URL: issuer,
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
  });
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

/** A browser stand-in: follows the provider's redirects with a cookie jar until our callback. */
async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers ?? {}),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const res = await request(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    // An interaction page: submit login, then consent, as the dev interaction forms do.
    const html = await res.text();
    const prompt = html.includes('name="login"') ? 'login' : 'consent';
    const body = new URLSearchParams({
      prompt,
      ...(prompt === 'login' ? { login: accountId, password: 'x' } : {}),
    });
    const posted = await request(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider never redirected back');
}

async function fullSignIn(accountId: string, startPath = '/api/login') {
  const start = await app.inject({ method: 'GET', url: startPath });
  expect(start.statusCode).toBe(302);
  expect(start.headers.location).toContain(`${issuer}/auth?`);
  expect(start.headers.location).toContain('code_challenge_method=S256');
  const flowCookie = [start.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('oidc_flow='))!
    .split(';')[0]!;
  const callback = await signInAtProvider(start.headers.location!, accountId);
  return app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: flowCookie },
  });
}

describe('Google sign-in', () => {
  it('links to an existing account with the same e-mail, which the provider verified', async () => {
    const local = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'gina@idp.example.test', password: 'long enough pass', firstName: 'Gina' },
    });
    const localId = (
      await app.inject({ url: '/api/auth/user', headers: withSession(sessionCookieOf(local)) })
    ).json().id;
    const done = await fullSignIn('gina', '/api/auth/google');
    expect(done.headers.location).toBe('/editor');
    const me = await app.inject({
      url: '/api/auth/user',
      headers: withSession(sessionCookieOf(done)),
    });
    expect(me.json().id).toBe(localId);
    expect(me.json().emailVerified).toBe(true);
    // The address was never verified locally, so the password set with it no longer works.
    const squatter = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gina@idp.example.test', password: 'long enough pass' },
    });
    expect(squatter.statusCode).toBe(401);
  });
});

describe('OpenID Connect sign-in at /api/login', () => {
  it('completes the code flow with PKCE and signs in a new, verified account', async () => {
    const done = await fullSignIn('ida');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/editor');
    const me = await app.inject({
      url: '/api/auth/user',
      headers: withSession(sessionCookieOf(done)),
    });
    expect(me.json()).toMatchObject({
      email: 'ida@idp.example.test',
      firstName: 'Ida',
      emailVerified: true,
    });
    const again = await fullSignIn('ida');
    const meAgain = await app.inject({
      url: '/api/auth/user',
      headers: withSession(sessionCookieOf(again)),
    });
    expect(meAgain.json().id).toBe(me.json().id);
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      google: true,
      github: false,
      oidc: true,
    });
  });

  it('refuses a callback whose state does not match', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/login' });
    const callback = await signInAtProvider(start.headers.location!, 'mallory');
    const forged = await app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: 'oidc_flow={"state":"other","nonce":"x","verifier":"y"}' },
    });
    expect(forged.headers.location).toBe('/login?error=sign_in_failed&provider=oidc');
    expect(sessionCookieOf(forged)).toBeUndefined();
  });
});
