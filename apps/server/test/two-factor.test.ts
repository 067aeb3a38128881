import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { registerUser, sessionCookieOf, withSession } from './auth-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The pending-login cookie a password step sets. */
function pendingCookieOf(res: { headers: Record<string, unknown> }) {
  const header = [res.headers['set-cookie']].flat().map(String);
  return header.find((c) => c.startsWith('pending_2fa='))?.split(';')[0];
}

async function userWithTwoFactor() {
  const { body, cookie } = await registerUser(app);
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/setup-2fa',
    headers: withSession(cookie),
  });
  expect(setup.statusCode).toBe(200);
  const { secret, backupCodes, qrCodeUrl } = setup.json();
  expect(qrCodeUrl).toMatch(/^data:image\/png;base64,/);
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);

  const wrong = await app.inject({
    method: 'POST',
    url: '/api/auth/enable-2fa',
    headers: withSession(cookie),
    payload: { token: '000000' },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe('Invalid verification code');

  const code = await generate({ secret });
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/auth/enable-2fa',
    headers: withSession(cookie),
    payload: { token: code },
  });
  expect(enabled.statusCode).toBe(200);
  return { ...body, secret, backupCodes: backupCodes as string[], usedCode: code, cookie };
}

const passwordStep = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const codeStep = (pending: string | undefined, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    headers: pending ? { cookie: pending } : {},
    payload: { token },
  });

describe('two-factor sign-in', () => {
  it('refuses setup when signed out and validates the code length', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/setup-2fa' })).statusCode).toBe(401);
    const { cookie } = await registerUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/enable-2fa',
      headers: withSession(cookie),
      payload: { token: '123' },
    });
    expect(res.json().message).toBe('token: Please enter a 6-digit code');
  });

  it('asks for the second factor after the password, and the code used at setup is not accepted again', async () => {
    const user = await userWithTwoFactor();
    const first = await passwordStep(user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieOf(first)).toBeUndefined();
    const pending = pendingCookieOf(first);
    expect(pending).toBeDefined();

    const replay = await codeStep(pending, user.usedCode);
    expect(replay.statusCode).toBe(401);
    expect((await codeStep(undefined, '123456')).statusCode).toBe(401);
  });

  it('accepts a backup code exactly once', async () => {
    const user = await userWithTwoFactor();
    const code = user.backupCodes[3]!;
    const pending = pendingCookieOf(await passwordStep(user.email, user.password));
    const ok = await codeStep(pending, code.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(user.email);
    const sid = sessionCookieOf(ok);
    expect(
      (await app.inject({ url: '/api/auth/user', headers: withSession(sid) })).statusCode,
    ).toBe(200);

    const again = pendingCookieOf(await passwordStep(user.email, user.password));
    expect((await codeStep(again, code)).statusCode).toBe(401);
    // The pending sign-in itself is single-use too.
    expect((await codeStep(pending, user.backupCodes[4]!)).statusCode).toBe(401);
  });

  it('disables only with the password and a code', async () => {
    const user = await userWithTwoFactor();
    const noPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/disable-2fa',
      headers: withSession(user.cookie),
      payload: { password: 'wrong password', token: user.backupCodes[0] },
    });
    expect(noPassword.statusCode).toBe(400);
    const off = await app.inject({
      method: 'POST',
      url: '/api/auth/disable-2fa',
      headers: withSession(user.cookie),
      payload: { password: user.password, token: user.backupCodes[0] },
    });
    expect(off.statusCode).toBe(200);
    const login = await passwordStep(user.email, user.password);
    expect(login.json().email).toBe(user.email);
  });

  it('limits guessing of codes', async () => {
    const user = await userWithTwoFactor();
    const pending = pendingCookieOf(await passwordStep(user.email, user.password));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(pending, '999999')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });
});
