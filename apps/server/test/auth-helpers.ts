import crypto from 'node:crypto';
import type { App } from '../src/app.ts';

export const uniqueEmail = () => `person-${crypto.randomUUID()}@example.test`;

/** The value of the session cookie a response sets ('' when it clears it). */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  const sid = cookies.find((c: string) => c.startsWith('sid='));
  return sid?.slice(4).split(';')[0];
}

export async function registerUser(app: App, overrides: Record<string, string> = {}) {
  const body = {
    email: uniqueEmail(),
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { res, body, cookie: sessionCookieOf(res) };
}

export const withSession = (sid: string | undefined) => ({ cookie: `sid=${sid}` });
