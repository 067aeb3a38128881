import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import type { AccountEvent } from '../src/platform/events.ts';
import { LocalStorage } from '../src/platform/storage.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { allIds, insertGalleryImages } from './gallery-helpers.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Person = Awaited<ReturnType<typeof newSignedInUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Person, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('bulk delete', () => {
  it('deletes own rows and files in one go; other accounts’ ids are untouched and not counted', async () => {
    const me = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const mine = await insertGalleryImages(app, me.user.id, 6);
    const uploaded = (
      await upload(app, me.headers, await smallPhoto('living-room.jpg', 160))
    ).json();
    const theirs = await insertGalleryImages(app, other.user.id, 2);
    const doomed = [...mine.slice(0, 4).map((r) => r.id), uploaded.id as string];
    const seen: AccountEvent[] = [];
    const stop = await app.events.subscribe(me.user.id, (e) => seen.push(e));

    const res = await call(me, 'POST', '/api/gallery/delete', {
      ids: [...doomed, ...theirs.map((r) => r.id), doomed[0]],
    });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '5 images deleted', deleted: 5 });
    expect(res.body).not.toContain(other.user.id);
    expect(new Set(await allIds(app, me.headers))).toEqual(new Set(mine.slice(4).map((r) => r.id)));
    for (const row of mine.slice(0, 4))
      expect(await app.storage.exists(row.storageKey)).toBe(false);
    expect(await app.storage.exists(uploaded.imageUrl.slice('/uploads/'.length))).toBe(false);
    expect((await app.inject({ url: uploaded.imageUrl })).statusCode).toBe(404);
    for (const row of mine.slice(4)) expect(await app.storage.exists(row.storageKey)).toBe(true);
    for (const row of theirs) expect(await app.storage.exists(row.storageKey)).toBe(true);
    expect(await allIds(app, other.headers)).toHaveLength(2);
    expect(seen).toContainEqual({
      type: 'images-updated',
      data: { reason: 'deleted', ids: expect.arrayContaining(doomed) },
    });

    const again = await call(me, 'POST', '/api/gallery/delete', { ids: doomed });
    expect(again.json()).toEqual({ message: '0 images deleted', deleted: 0 });
  });

  it('answers bad requests with 400 and a message', async () => {
    const me = await newSignedInUser(app);
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    for (const payload of [{ ids: [] }, { ids: many }, { ids: ['x'] }, {}, { ids: 'all' }]) {
      const res = await call(me, 'POST', '/api/gallery/delete', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/gallery/delete',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"ids": [',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps rows and files consistent when the store cannot remove a file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-flaky-'));
    let refuse = '';
    class FlakyStorage extends LocalStorage {
      override async delete(key: string) {
        if (key === refuse) throw new Error('storage is down');
        return super.delete(key);
      }
    }
    const flaky = await buildTestApp({}, { storage: new FlakyStorage(root) });
    try {
      const me = await newSignedInUser(flaky);
      const rows = await insertGalleryImages(flaky, me.user.id, 3);
      refuse = rows[0]!.storageKey;
      const warn = vi.spyOn(flaky.log, 'warn');
      const res = await flaky.inject({
        method: 'POST',
        url: '/api/gallery/delete',
        headers: me.headers,
        payload: { ids: rows.map((r) => r.id) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().deleted).toBe(3);
      // No row names a missing file: the rows are gone, the stuck file is reported.
      expect(await allIds(flaky, me.headers)).toEqual([]);
      expect(await flaky.storage.exists(rows[1]!.storageKey)).toBe(false);
      expect(await flaky.storage.exists(rows[0]!.storageKey)).toBe(true);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ key: rows[0]!.storageKey }),
        'an image row was deleted but its file was not',
      );
    } finally {
      await flaky.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('shared accounts', () => {
  async function grantee(permissions: 'read' | 'write') {
    const owner = await newSignedInUser(app);
    const guest = await newSignedInUser(app);
    const shared = await call(owner, 'POST', '/api/share-account', {
      email: guest.user.email,
      permissions,
    });
    expect(shared.statusCode).toBe(200);
    const switched = await call(guest, 'POST', '/api/switch-account', { ownerId: owner.user.id });
    expect(switched.statusCode).toBe(200);
    return { owner, guest };
  }

  it('read-only: sees the owner’s gallery, every write is 403 and changes nothing', async () => {
    const { owner, guest } = await grantee('read');
    const rows = await insertGalleryImages(app, owner.user.id, 3, {
      position: (i) => i,
    });
    const [c, b, a] = rows.map((r) => r.id);
    expect(await allIds(app, guest.headers)).toEqual([a, b, c]);
    const share = await call(owner, 'POST', '/api/gallery/shares', {});
    expect(share.statusCode).toBe(201);
    const writes: [Method, string, object | undefined][] = [
      ['PATCH', `/api/gallery/${a}`, { favorite: true }],
      ['POST', '/api/gallery/reorder', { id: c, afterId: a }],
      ['POST', '/api/gallery/delete', { ids: [a, b, c] }],
      ['POST', '/api/gallery/shares', { imageIds: [a] }],
      ['DELETE', `/api/gallery/shares/${share.json().id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(guest, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await allIds(app, owner.headers)).toEqual([a, b, c]);
    expect((await call(owner, 'GET', '/api/gallery/page')).json().items[0].favorite).toBe(false);
    const links = (await call(guest, 'GET', '/api/gallery/shares')).json();
    expect(links).toHaveLength(1);
    expect(links[0].status).toBe('active');
  });

  it('read & write: the grantee changes the owner’s gallery', async () => {
    const { owner, guest } = await grantee('write');
    const [b, a] = (await insertGalleryImages(app, owner.user.id, 2, { position: (i) => i })).map(
      (r) => r.id,
    );
    expect(
      (await call(guest, 'POST', '/api/gallery/reorder', { id: b, afterId: a })).statusCode,
    ).toBe(200);
    expect(await allIds(app, owner.headers)).toEqual([b, a]);
    const res = await call(guest, 'POST', '/api/gallery/delete', { ids: [a] });
    expect(res.json().deleted).toBe(1);
    expect(await allIds(app, owner.headers)).toEqual([b]);
  });
});
