import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AccountEvent } from '../src/platform/events.ts';
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
const call = (who: Person | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const b64 = (value: string) => Buffer.from(value).toString('base64url');

async function eventsOf(accountId: string) {
  const seen: AccountEvent[] = [];
  const stop = await app.events.subscribe(accountId, (e) => seen.push(e));
  return { seen, stop };
}

describe('gallery pages', () => {
  it('pages through 130 images newest first with an opaque cursor, uploads included', async () => {
    const me = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, me.user.id, 127, {
      kind: (i) => (i % 3 === 0 ? 'generated' : 'uploaded'),
      position: (i) => 1_000_000 + i,
    });
    const uploaded = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(app, me.headers, await smallPhoto('living-room.jpg', 160));
      expect(res.statusCode).toBe(200);
      uploaded.push(res.json().id as string);
    }

    const first = await call(me, 'GET', '/api/gallery/page');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const page = first.json();
    expect(page.items).toHaveLength(50);
    expect(typeof page.nextCursor).toBe('string');
    // Real uploads are the newest, so they come first; their fields are complete.
    expect(new Set(page.items.slice(0, 3).map((i: { id: string }) => i.id))).toEqual(
      new Set(uploaded),
    );
    expect(page.items[0]).toMatchObject({
      type: 'uploaded',
      favorite: false,
      url: expect.stringMatching(/^\/uploads\//),
      width: expect.any(Number),
      height: expect.any(Number),
      createdAt: expect.any(String),
    });

    const ids = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        me,
        'GET',
        `/api/gallery/page?limit=40${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().items.map((i: { id: string }) => i.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(ids).toHaveLength(130);
    expect(new Set(ids).size).toBe(130);
    const expectedTail = [...rows].sort((a, b) => b.position - a.position).map((r) => r.id);
    expect(ids.slice(3)).toEqual(expectedTail);
  });

  it('filters by type and favourites, also across pages', async () => {
    const me = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, me.user.id, 30, {
      kind: (i) => (i % 2 === 0 ? 'generated' : 'uploaded'),
      position: (i) => 5000 + i,
    });
    const favourites = rows.filter((_, i) => i % 5 === 0).map((r) => r.id);
    for (const id of favourites) {
      const res = await call(me, 'PATCH', `/api/gallery/${id}`, { favorite: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, favorite: true });
    }
    const generated = await allIds(app, me.headers, '&type=generated');
    expect(generated).toHaveLength(15);
    expect(new Set(generated)).toEqual(
      new Set(rows.filter((r) => r.kind === 'generated').map((r) => r.id)),
    );
    expect(await allIds(app, me.headers, '&type=uploaded')).toHaveLength(15);
    expect(new Set(await allIds(app, me.headers, '&favorites=true'))).toEqual(new Set(favourites));
    const favGenerated = rows.filter((r, i) => i % 5 === 0 && r.kind === 'generated');
    expect(await allIds(app, me.headers, '&favorites=1&type=generated')).toEqual(
      favGenerated.sort((a, b) => b.position - a.position).map((r) => r.id),
    );
    let cursor: string | null = null;
    const paged: string[] = [];
    do {
      const res = await call(
        me,
        'GET',
        `/api/gallery/page?type=generated&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...res.json().items.map((i: { id: string }) => i.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(paged).toEqual(generated);
    const unmark = await call(me, 'PATCH', `/api/gallery/${favourites[0]}`, { favorite: false });
    expect(unmark.json().favorite).toBe(false);
    expect(await allIds(app, me.headers, '&favorites=true')).toHaveLength(favourites.length - 1);
  });

  it('refuses tampered cursors and bad queries with 400 and a message', async () => {
    const me = await newSignedInUser(app);
    await insertGalleryImages(app, me.user.id, 3);
    const bad = [
      'cursor=not*base64',
      `cursor=${b64('{}')}`,
      `cursor=${b64('[1]')}`,
      `cursor=${b64('["x","019a0000-0000-7000-8000-000000000000"]')}`,
      `cursor=${b64('[1,"not-a-uuid"]')}`,
      `cursor=${b64('[1e999,"019a0000-0000-7000-8000-000000000000"]')}`,
      `cursor=${b64('no json at all')}`,
      'limit=0',
      'limit=201',
      'limit=abc',
      'type=videos',
      'favorites=maybe',
    ];
    for (const query of bad) {
      const res = await call(me, 'GET', `/api/gallery/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
    const ok = await call(
      me,
      'GET',
      `/api/gallery/page?cursor=${b64('[1e12,"019a0000-0000-7000-8000-000000000000"]')}`,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('answers GET /api/gallery with a list: own images when signed in, cacheable for visitors', async () => {
    const me = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, me.user.id, 105, { position: (i) => i });
    const mine = await call(me, 'GET', '/api/gallery');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toContain('Cookie');
    expect(mine.json()).toHaveLength(100);
    expect(mine.json()[0]).toMatchObject({
      id: rows[104]!.id,
      favorite: false,
      filename: 'image-104',
    });

    const visitor = await call(null, 'GET', '/api/gallery');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, no-cache');
    expect(Array.isArray(visitor.json())).toBe(true);
    expect(visitor.body).not.toContain(rows[0]!.id);
  });

  it('needs a sign-in for the gallery screen and its writes', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/gallery/page'],
      ['PATCH', '/api/gallery/019a0000-0000-7000-8000-000000000000', { favorite: true }],
      [
        'POST',
        '/api/gallery/reorder',
        {
          id: '019a0000-0000-7000-8000-000000000000',
          afterId: '019a0000-0000-7000-8000-000000000001',
        },
      ],
      ['POST', '/api/gallery/delete', { ids: ['019a0000-0000-7000-8000-000000000000'] }],
    ] as const) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('favourites and another account’s images', () => {
  it('marks a favourite, tells other tabs, and treats other accounts’ images as missing', async () => {
    const me = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const [mine] = await insertGalleryImages(app, me.user.id, 1);
    const [theirs] = await insertGalleryImages(app, other.user.id, 1);
    const { seen, stop } = await eventsOf(me.user.id);
    const res = await call(me, 'PATCH', `/api/gallery/${mine!.id}`, { favorite: true });
    expect(res.statusCode).toBe(200);
    expect(seen).toContainEqual({
      type: 'images-updated',
      data: { reason: 'updated', ids: [mine!.id] },
    });
    stop();

    const foreign = await call(me, 'PATCH', `/api/gallery/${theirs!.id}`, { favorite: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(other.user.id);
    expect((await call(other, 'GET', '/api/gallery/page')).json().items[0].favorite).toBe(false);
    const empty = await call(me, 'PATCH', `/api/gallery/${mine!.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nothing to change');
    expect((await call(me, 'PATCH', '/api/gallery/not-an-id', { favorite: true })).statusCode).toBe(
      400,
    );
    expect(
      (await call(me, 'PATCH', `/api/gallery/${mine!.id}`, { favorite: 'yes' })).statusCode,
    ).toBe(400);
  });
});
