import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { insertToken } from '../src/features/auth/auth.repository.ts';
import { hashToken } from '../src/platform/secrets.ts';
import { buildTestApp } from './helper.ts';
import { registerUser, sessionCookieOf, uniqueEmail } from './auth-helpers.ts';
import { startMailServer } from './mail-server.ts';

let app: App;
let mail: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mail = await startMailServer();
  app = await buildTestApp({ NODE_ENV: 'production', SMTP_URL: mail.url });
});
afterAll(async () => {
  await app.close();
  await mail.close();
});

describe('no call tells whether an e-mail is registered', () => {
  it('register answers the same for a new and an existing address', async () => {
    const first = await registerUser(app);
    const again = await registerUser(app, { email: first.body.email });
    const fresh = await registerUser(app);
    expect(again.res.statusCode).toBe(fresh.res.statusCode);
    expect(again.res.json()).toEqual(fresh.res.json());
    expect(fresh.res.json().verificationUrl).toBeUndefined();
    // The existing owner is told by mail instead, and nobody is signed in as them.
    expect(again.cookie).toBeUndefined();
    const notice = await mail.waitFor(first.body.email, { after: 1 });
    expect(notice.subject).toContain('tried to create');
  });

  it('forgot-password answers the same for a known and an unknown address', async () => {
    const { body } = await registerUser(app);
    const ask = (email: string) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const known = await ask(body.email);
    const unknown = await ask(uniqueEmail());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().resetUrl).toBeUndefined();
  });

  it('sets a Secure cookie in production', async () => {
    const { res } = await registerUser(app);
    expect(sessionCookieOf(res)).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });
});

describe('expired links', () => {
  it('refuses an expired reset token', async () => {
    const { body, res } = await registerUser(app);
    expect(res.statusCode).toBe(201);
    const user = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `sid=${sessionCookieOf(res)}` },
    });
    const token = crypto.randomBytes(32).toString('base64url');
    await insertToken(app.database.db, {
      idHash: hashToken(token),
      userId: user.json().id,
      purpose: 'reset_password',
      expiresAt: new Date(Date.now() - 1000),
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'whatever password' },
    });
    expect(reset.statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
