import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { registerUser, sessionCookieOf, uniqueEmail, withSession } from './auth-helpers.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (sid: string | undefined) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: withSession(sid) });

describe('account settings', () => {
  it('changes the password only with the current one and signs out other devices', async () => {
    const { body, cookie } = await registerUser(app);
    const other = sessionCookieOf(await login(body.email, body.password));
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: withSession(cookie),
      payload: { currentPassword: 'not it', newPassword: 'a better password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not correct');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: withSession(cookie),
      payload: { currentPassword: body.password, newPassword: 'a better password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(body.email, 'a better password')).statusCode).toBe(200);
  });

  it('signs out every other session on request', async () => {
    const { body, cookie } = await registerUser(app);
    const other = sessionCookieOf(await login(body.email, body.password));
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout-others',
      headers: withSession(cookie),
    });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('changes the e-mail only after the link sent to the new address is opened', async () => {
    const { body, cookie } = await registerUser(app);
    const newEmail = uniqueEmail();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: withSession(cookie),
      payload: { newEmail, password: body.password },
    });
    expect(asked.statusCode).toBe(200);
    expect((await me(cookie)).json().email).toBe(body.email);
    const link = new URL(asked.json().confirmationUrl);
    const visit = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(visit.headers.location).toBe('/settings?emailChanged=true');
    expect((await me(cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    const again = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.headers.location).toBe('/settings?emailChanged=false');
  });

  it('does not reveal that the new address belongs to someone else', async () => {
    const taken = await registerUser(app);
    const { body, cookie } = await registerUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: withSession(cookie),
      payload: { newEmail: taken.body.email, password: body.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().confirmationUrl).toBeUndefined();
    expect((await me(cookie)).json().email).toBe(body.email);
  });

  it('exports my data without secrets, and deletes the account with the password', async () => {
    const { body, cookie } = await registerUser(app);
    const { imageUrl } = (await upload(app, withSession(cookie), await smallPhoto())).json();
    const exported = await app.inject({ url: '/api/auth/export', headers: withSession(cookie) });
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json().images[0].url).toContain(imageUrl);
    expect(exported.json().profile.email).toBe(body.email);
    expect(exported.json().recipes).toEqual([]);
    expect(exported.json().batches).toEqual([]);
    expect(exported.body).not.toMatch(/argon2|password_hash|passwordHash|totp/i);

    const refused = await app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: withSession(cookie),
      payload: { password: 'wrong' },
    });
    expect(refused.statusCode).toBe(400);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: withSession(cookie),
      payload: { password: body.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ url: imageUrl })).statusCode).toBe(404);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(body.email, body.password)).statusCode).toBe(401);
  });

  it('refuses everything when signed out', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/logout-others'],
      ['GET', '/api/auth/export'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
