import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

export const newEmail = () => `e2e-${crypto.randomUUID()}@example.test`;
export const PASSWORD = 'correct horse battery';

/** Creates an account through the API (fixture-style) and returns its credentials. */
export async function createAccount(
  request: APIRequestContext,
  name: { firstName: string; lastName: string } = { firstName: 'Grace', lastName: 'Hopper' },
) {
  const email = newEmail();
  const res = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, ...name },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const { verificationUrl } = (await res.json()) as { verificationUrl?: string };
  return { email, password: PASSWORD, verificationUrl: verificationUrl ?? '' };
}
