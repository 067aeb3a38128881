import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccountHooks } from './account-hooks.ts';

const app = {} as FastifyInstance;

describe('account hooks', () => {
  it("gathers every subscribed feature's files of an account", async () => {
    const hooks = new AccountHooks();
    hooks.onAccountFiles(async (_app, id) => [`images/${id}/a.jpg`]);
    hooks.onAccountFiles(async (_app, id) => [`rooms/${id}/b.jpg`, `rooms/${id}/c.jpg`]);
    expect((await hooks.accountFiles(app, 'u1')).sort()).toEqual([
      'images/u1/a.jpg',
      'rooms/u1/b.jpg',
      'rooms/u1/c.jpg',
    ]);
  });

  it("merges the features' parts of an export, and has none without subscribers", async () => {
    const hooks = new AccountHooks();
    expect(await hooks.accountExport(app, 'u1')).toEqual({});
    hooks.onAccountExport(async () => ({ images: [1] }));
    hooks.onAccountExport(async () => ({ videos: [2] }));
    expect(await hooks.accountExport(app, 'u1')).toEqual({ images: [1], videos: [2] });
  });

  it('tells every subscriber of a verified address, in the order they subscribed', async () => {
    const hooks = new AccountHooks();
    const heard: string[] = [];
    hooks.onAddressVerified(async (_app, { email }) => void heard.push(`first ${email}`));
    hooks.onAddressVerified(async (_app, { userId }) => void heard.push(`second ${userId}`));
    await hooks.addressVerified(app, { userId: 'u1', email: 'a@example.com' });
    expect(heard).toEqual(['first a@example.com', 'second u1']);
  });
});
