import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { requireUser, requireWrite } from '../src/platform/session.ts';
import { testConfig, testDatabase } from './helper.ts';
import { registerUser, sessionCookieOf, withSession } from './auth-helpers.ts';

let app: App;

// Stand-ins for working-data endpoints (images, projects): they act on request.accountId.
const probe: FastifyPluginAsyncZod = async (p) => {
  p.get('/api/test/whoami', async (request) => ({
    userId: requireUser(request).id,
    accountId: request.accountId,
  }));
  p.post('/api/test/write', async (request) => ({ accountId: requireWrite(request).accountId }));
};

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: await testDatabase(), logger: false });
  await app.register(probe);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

/** A registered person whose address is verified (by following the development link). */
async function person(firstName: string) {
  const { res, body } = await registerUser(app, { firstName });
  const link = new URL(res.json().verificationUrl);
  const visit = await app.inject({ method: 'GET', url: link.pathname + link.search });
  const cookie = sessionCookieOf(visit)!;
  const me = await app.inject({ url: '/api/auth/user', headers: withSession(cookie) });
  return { ...body, id: me.json().id as string, cookie, headers: withSession(cookie) };
}

const call = (
  who: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('account sharing', () => {
  it('read-only: the grantee acts on the owner’s data but cannot change it or share it', async () => {
    const owner = await person('Olivia');
    const guest = await person('Gus');
    const shared = await call(owner, 'POST', '/api/share-account', {
      email: guest.email.toUpperCase(),
      permissions: 'read',
    });
    expect(shared.statusCode).toBe(200);

    const given = (await call(owner, 'GET', '/api/account-shares')).json();
    expect(given).toEqual([
      expect.objectContaining({
        sharedWithEmail: guest.email,
        sharedWithFirstName: 'Gus',
        permissions: 'read',
      }),
    ]);
    const received = (await call(guest, 'GET', '/api/shared-accounts')).json();
    expect(received).toEqual([
      expect.objectContaining({ ownerId: owner.id, ownerEmail: owner.email, permissions: 'read' }),
    ]);

    const switched = await call(guest, 'POST', '/api/switch-account', { ownerId: owner.id });
    expect(switched.json()).toEqual({ message: 'Switched account', ownerId: owner.id });
    expect((await call(guest, 'GET', '/api/test/whoami')).json()).toEqual({
      userId: guest.id,
      accountId: owner.id,
    });
    expect((await call(guest, 'GET', '/api/auth/user')).json().viewing).toMatchObject({
      ownerId: owner.id,
      permissions: 'read',
    });

    const write = await call(guest, 'POST', '/api/test/write');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'read_only_access',
      message: 'You have read-only access to this shared account',
    });
    for (const [url, payload] of [
      ['/api/share-account', { email: 'x@example.test' }],
      ['/api/auth/setup-2fa', undefined],
    ] as const) {
      expect((await call(guest, 'POST', url, payload)).statusCode).toBe(403);
    }

    await call(guest, 'POST', '/api/switch-back');
    expect((await call(guest, 'GET', '/api/test/whoami')).json().accountId).toBe(guest.id);
  });

  it('write permission allows working data but never account-level actions', async () => {
    const owner = await person('Wanda');
    const guest = await person('Walt');
    await call(owner, 'POST', '/api/share-account', { email: guest.email, permissions: 'write' });
    await call(guest, 'POST', '/api/switch-account', { ownerId: owner.id });
    expect((await call(guest, 'POST', '/api/test/write')).json()).toEqual({ accountId: owner.id });
    const share = await call(guest, 'POST', '/api/share-account', { email: 'x@example.test' });
    expect(share.statusCode).toBe(403);
    expect(share.json()).toMatchObject({
      code: 'own_account_only',
      message: 'Switch back to your own account to do this',
    });
  });

  it('revoking ends the switch at once; other people cannot touch the share', async () => {
    const owner = await person('Rita');
    const guest = await person('Rob');
    const stranger = await person('Sam');
    await call(owner, 'POST', '/api/share-account', { email: guest.email, permissions: 'write' });
    await call(guest, 'POST', '/api/switch-account', { ownerId: owner.id });
    const [share] = (await call(owner, 'GET', '/api/account-shares')).json();

    expect((await call(stranger, 'DELETE', `/api/account-share/${share.id}`)).statusCode).toBe(404);
    expect((await call(guest, 'DELETE', `/api/account-share/${share.id}`)).statusCode).toBe(403);
    const removed = await call(owner, 'DELETE', `/api/account-share/${share.id}`);
    expect(removed.json().message).toBe('Account share removed successfully');

    expect((await call(guest, 'GET', '/api/test/whoami')).json().accountId).toBe(guest.id);
    expect((await call(guest, 'GET', '/api/auth/user')).json().viewing).toBeUndefined();
    expect(
      (await call(guest, 'POST', '/api/switch-account', { ownerId: owner.id })).statusCode,
    ).toBe(404);
  });

  it('keeps an invitation for an address without an account until it is verified', async () => {
    const owner = await person('Ivy');
    const email = `invitee-${crypto.randomUUID()}@example.test`;
    await call(owner, 'POST', '/api/share-account', { email, permissions: 'read' });
    expect((await call(owner, 'GET', '/api/account-shares')).json()[0]).toMatchObject({
      sharedWithEmail: email,
      sharedWithFirstName: null,
    });

    const { res, cookie } = await registerUser(app, { email });
    expect(
      (await call({ headers: withSession(cookie) }, 'GET', '/api/shared-accounts')).json(),
    ).toEqual([]);
    const link = new URL(res.json().verificationUrl);
    const visit = await app.inject({ method: 'GET', url: link.pathname + link.search });
    const verified = { headers: withSession(sessionCookieOf(visit)) };
    expect((await call(verified, 'GET', '/api/shared-accounts')).json()).toEqual([
      expect.objectContaining({ ownerId: owner.id }),
    ]);
  });

  it('refuses bad input with clear 4xx answers', async () => {
    const owner = await person('Bea');
    const self = await call(owner, 'POST', '/api/share-account', { email: owner.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot share your account with yourself');
    const bad = await call(owner, 'POST', '/api/share-account', {
      email: 'nope',
      permissions: 'admin',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(owner, 'DELETE', '/api/account-share/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', '/api/switch-account', { ownerId: crypto.randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/account-shares' })).statusCode).toBe(401);
  });
});
