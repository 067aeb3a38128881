import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { galleryShares } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { insertGalleryImages, tinyJpeg } from './gallery-helpers.ts';
import { smallPhoto, upload } from './image-helpers.ts';
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

type Person = Awaited<ReturnType<typeof newSignedInUser>>;
type Method = 'GET' | 'POST' | 'DELETE';
const call = (who: Person | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const share = async (who: Person, body: object = {}) => {
  const res = await call(who, 'POST', '/api/gallery/shares', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const open = (token: string, query = '') => call(null, 'GET', `/api/shared/${token}${query}`);
const expireInDb = (id: string) =>
  app.database.db
    .update(galleryShares)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(galleryShares.id, id));

describe('gallery share links', () => {
  it('shares the whole gallery as it is when opened, signed out, without owner details', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Olga', lastName: 'Owner' });
    const first = (
      await upload(app, owner.headers, await smallPhoto('living-room.jpg', 160))
    ).json();
    const created = await share(owner);
    expect(created).toMatchObject({
      message: 'Gallery shared successfully!',
      status: 'active',
      imageCount: null,
      viewCount: 0,
      sharedWithEmail: null,
      revokedAt: null,
      emailSent: false,
    });
    // 256 random bits, URL-safe.
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.shareUrl).toBe(`http://localhost:5000/shared/${created.token}`);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const later = await insertGalleryImages(app, owner.user.id, 2, {
      kind: (i) => (i === 0 ? 'generated' : 'uploaded'),
      position: (i) => 1e15 + i,
    });
    const res = await open(created.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.createdAt).toBe(created.createdAt);
    expect(body.history.map((h: { id: string }) => h.id)).toEqual([
      later[1]!.id,
      later[0]!.id,
      first.id,
    ]);
    expect(body.history[1]).toMatchObject({
      imageType: 'generated',
      prompt: 'prompt 0',
      filename: 'image-0',
    });
    expect(body.history[2]).toMatchObject({ imageType: 'upload', createdAt: expect.any(String) });
    for (const secret of [owner.user.id, owner.user.email, 'Olga', '/uploads/']) {
      expect(res.body).not.toContain(secret);
    }
    const image = await call(null, 'GET', body.history[0].imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(await tinyJpeg())).toBe(true);
    const again = await app.inject({
      url: body.history[0].imageUrl,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // One visitor is one view however often they come back; the owner's own look is none.
    await open(created.token);
    await call(owner, 'GET', `/api/shared/${created.token}`);
    const listed = (await call(owner, 'GET', '/api/gallery/shares')).json();
    expect(listed).toEqual([expect.objectContaining({ id: created.id, viewCount: 1 })]);
  });

  it('shares a selection: only those images, paged, one view per visit', async () => {
    const owner = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, owner.user.id, 5, { position: (i) => i });
    const picked = [rows[0]!.id, rows[2]!.id, rows[4]!.id];
    const created = await share(owner, { imageIds: [...picked, picked[0]], expiresInDays: 7 });
    expect(created.imageCount).toBe(3);
    const firstPage = (await open(created.token, '?limit=2')).json();
    expect(firstPage.history.map((h: { id: string }) => h.id)).toEqual([picked[2], picked[1]]);
    const rest = (await open(created.token, `?limit=2&cursor=${firstPage.nextCursor}`)).json();
    expect(rest).toMatchObject({
      history: [expect.objectContaining({ id: picked[0] })],
      nextCursor: null,
    });
    const outside = await call(null, 'GET', `/api/shared/${created.token}/images/${rows[1]!.id}`);
    expect(outside.statusCode).toBe(404);
    const listed = (await call(owner, 'GET', '/api/gallery/shares')).json();
    expect(listed[0].viewCount).toBe(1);
    expect((await open(created.token, '?cursor=%%%')).statusCode).toBe(400);
    expect((await open(created.token, '?limit=501')).statusCode).toBe(400);
  });

  it('refuses a selection with another account’s image, and creates nothing', async () => {
    const owner = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const [mine] = await insertGalleryImages(app, owner.user.id, 1);
    const [theirs] = await insertGalleryImages(app, other.user.id, 1);
    const res = await call(owner, 'POST', '/api/gallery/shares', {
      imageIds: [mine!.id, theirs!.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(other.user.id);
    expect((await call(owner, 'GET', '/api/gallery/shares')).json()).toEqual([]);
  });

  it('an expired link answers 410, a revoked or unknown one 404', async () => {
    const owner = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const [row] = await insertGalleryImages(app, owner.user.id, 1);
    const expiring = await share(owner);
    const revoking = await share(owner, { expiresInDays: null });
    expect(revoking.expiresAt).toBeNull();
    const imageOf = (token: string) => call(null, 'GET', `/api/shared/${token}/images/${row!.id}`);
    expect((await imageOf(revoking.token)).statusCode).toBe(200);

    await expireInDb(expiring.id);
    const expired = await open(expiring.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/i);
    // The page says why (410); its image addresses are simply gone.
    expect((await imageOf(expiring.token)).statusCode).toBe(404);

    expect((await call(other, 'DELETE', `/api/gallery/shares/${revoking.id}`)).statusCode).toBe(
      404,
    );
    expect((await open(revoking.token)).statusCode).toBe(200);
    const revoked = await call(owner, 'DELETE', `/api/gallery/shares/${revoking.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', message: 'Share link revoked' });
    expect((await open(revoking.token)).statusCode).toBe(404);
    expect((await imageOf(revoking.token)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/gallery/shares/${revoking.id}`)).statusCode).toBe(
      200,
    );

    const unknown = await open('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Share not found');
    const statuses = (await call(owner, 'GET', '/api/gallery/shares'))
      .json()
      .map((s: { status: string }) => s.status);
    expect(statuses.sort()).toEqual(['expired', 'revoked']);
  });

  it('sends the link by e-mail and keeps e-mailed links out of the public sample', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Mia', lastName: 'Mailer' });
    const [row] = await insertGalleryImages(app, owner.user.id, 1);
    const to = `friend-${crypto.randomUUID()}@example.test`;
    const created = await share(owner, { imageIds: [row!.id], email: `  ${to.toUpperCase()} ` });
    expect(created).toMatchObject({ sharedWithEmail: to, emailSent: true, imageCount: 1 });
    const message = await mail.waitFor(to);
    expect(message.subject).toBe('Mia Mailer shared a gallery with you');
    const link = linkIn(message.text, /http:\/\/localhost:5000\/shared\/[A-Za-z0-9_-]+/);
    expect(link).toBe(created.shareUrl);
    const viewed = await open(new URL(link).pathname.split('/').pop()!);
    expect(viewed.json().history).toHaveLength(1);
    expect((await call(null, 'GET', '/api/gallery')).body).not.toContain(row!.id);
  });

  it('opens a shared gallery by its token or link', async () => {
    const owner = await newSignedInUser(app);
    const reader = await newSignedInUser(app);
    const created = await share(owner);
    for (const token of [created.token, created.shareUrl, ` ${created.shareUrl}?x=1 `]) {
      const res = await call(reader, 'POST', '/api/shared/access', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Gallery accessed successfully!',
        shareUrl: created.shareUrl,
        path: `/shared/${created.token}`,
      });
    }
    await expireInDb(created.id);
    for (const token of [created.token, 'nope', 'http://localhost:5000/shared/']) {
      const res = await call(reader, 'POST', '/api/shared/access', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid or expired share token');
    }
    expect((await call(reader, 'POST', '/api/shared/access', { token: ' ' })).statusCode).toBe(400);
    expect(
      (await call(null, 'POST', '/api/shared/access', { token: created.token })).statusCode,
    ).toBe(401);
  });

  it('limits how fast share tokens can be tried', async () => {
    const guesser = await newSignedInUser(app);
    for (let i = 0; i < 20; i++) {
      const res = await call(guesser, 'POST', '/api/shared/access', { token: `guess-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call(guesser, 'POST', '/api/shared/access', { token: 'guess' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later.');
  });

  it('answers bad share requests with 400 and a message, and visitors with 401', async () => {
    const owner = await newSignedInUser(app);
    const bad = [
      { expiresInDays: 0 },
      { expiresInDays: 366 },
      { expiresInDays: 1.5 },
      { expiresInDays: 'soon' },
      { imageIds: [] },
      { imageIds: ['not-a-uuid'] },
      { imageIds: Array.from({ length: 501 }, () => crypto.randomUUID()) },
      { email: 'not-an-address' },
    ];
    for (const body of bad) {
      const res = await call(owner, 'POST', '/api/gallery/shares', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call(owner, 'DELETE', '/api/gallery/shares/nope')).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/gallery/shares', {})).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/gallery/shares')).statusCode).toBe(401);
    const overlong = await call(null, 'GET', `/api/shared/${'a'.repeat(201)}`);
    expect(overlong.statusCode).toBe(404);
    expect(overlong.json().message).toEqual(expect.any(String));
    expect((await call(null, 'GET', '/api/shared/abc/images/nope')).statusCode).toBe(404);
  });
});
