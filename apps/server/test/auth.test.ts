import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { registerUser, sessionCookieOf, uniqueEmail, withSession } from './auth-helpers.ts';
import { linkIn, startMailServer } from './mail-server.ts';

let app: App;
let mail: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mail = await startMailServer();
  app = await buildTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'http://localhost:5000' });
});
afterAll(async () => {
  await app.close();
  await mail.close();
});

const me = (sid: string | undefined) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: withSession(sid) });

describe('register and verify e-mail', () => {
  it('creates the account, signs in, and the mailed link verifies the address', async () => {
    const { res, body, cookie } = await registerUser(app);
    expect(res.statusCode).toBe(201);
    expect(res.json().verificationUrl).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const user = (await me(cookie)).json();
    expect(user).toMatchObject({ email: body.email, firstName: 'Ada', emailVerified: false });
    expect(Object.keys(user).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'lastName',
        'twoFactorEnabled',
        'keepsPublicLocation',
        // Billing flags of the account (server truth for the plan and premium rooms).
        'subscribed',
        'plan',
        'premiumRooms',
      ].sort(),
    );

    const message = await mail.waitFor(body.email);
    const link = linkIn(
      message.text,
      /http:\/\/localhost:5000\/api\/auth\/verify-email\?token=\S+/,
    );
    const visit = await app.inject({
      method: 'GET',
      url: link.replace('http://localhost:5000', ''),
    });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/?verified=true');
    const verified = (await me(sessionCookieOf(visit))).json();
    expect(verified.emailVerified).toBe(true);

    const again = await app.inject({
      method: 'GET',
      url: link.replace('http://localhost:5000', ''),
    });
    expect(again.headers.location).toBe('/login?error=invalid_verification_link');
  });

  it.each([
    [{ email: 'nope' }, 'email: Please enter a valid email address'],
    [{ password: 'short' }, 'password: Password must be at least 8 characters'],
    [{ password: 'x'.repeat(257) }, 'password: Password must be at most 256 characters'],
    [{ firstName: '  ' }, 'firstName: First name is required'],
  ])('refuses %o with the specification message', async (overrides, message) => {
    const { res, cookie } = await registerUser(app, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(cookie).toBeUndefined();
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('login and logout', () => {
  it('signs in with a new session id each time and refuses wrong passwords alike', async () => {
    const { body } = await registerUser(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'wrong password' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');

    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email.toUpperCase(), password: body.password },
      });
    const first = await login();
    const second = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe(body.email);
    expect(sessionCookieOf(first)).not.toBe(sessionCookieOf(second));
    expect(first.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(first.headers['set-cookie']).toMatch(/SameSite=Lax/);
  });

  it('kills the session on logout', async () => {
    const { cookie } = await registerUser(app);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: withSession(cookie),
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers 401 JSON for the current user when signed out or with a forged cookie', async () => {
    expect((await me(undefined)).statusCode).toBe(401);
    const forged = await me('A'.repeat(43));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Unauthorized');
  });

  it('refuses a cross-origin login', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers the 11th failed login in a minute with 429', async () => {
    const email = uniqueEmail();
    const attempt = () =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'bad' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later.');
  });
});

describe('password reset', () => {
  it('mails a single-use link; the new password works, the old one and old sessions die', async () => {
    const { body, cookie } = await registerUser(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
    });
    expect(asked.statusCode).toBe(200);
    const message = await mail.waitFor(body.email, { after: 1 });
    const token = linkIn(message.text, /reset-password\?token=[A-Za-z0-9_-]+/).split('token=')[1];

    const reset = (newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword },
      });
    expect((await reset('a brand new password')).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);

    const used = await reset('another new password');
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('This password reset link is invalid or has expired');

    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password },
      });
    expect((await login(body.password)).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a too-short password', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'made-up', newPassword: 'long enough password' },
    });
    expect(bad.statusCode).toBe(400);
    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'made-up', newPassword: 'short' },
    });
    expect(short.json().message).toBe('newPassword: Password must be at least 8 characters');
  });
});

describe('sign-in providers', () => {
  it('reports which are configured and never sends a person to a broken page', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
      github: false,
      oidc: false,
    });
    for (const [url, provider] of [
      ['/api/auth/google', 'google'],
      ['/api/auth/github', 'github'],
      ['/api/login', 'oidc'],
    ]) {
      const res = await app.inject({ method: 'GET', url: url! });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `/login?error=provider_not_configured&provider=${provider}`,
      );
    }
  });
});
