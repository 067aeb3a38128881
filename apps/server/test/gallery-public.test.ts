import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { galleryShares, projects } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { insertGalleryImages } from './gallery-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Person = Awaited<ReturnType<typeof newSignedInUser>>;
const shareOf = async (who: Person, body: object) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/gallery/shares',
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; token: string };
};
const sample = async () => {
  const res = await app.inject({ url: '/api/gallery' });
  expect(res.statusCode).toBe(200);
  return { res, ids: (res.json() as { id: string }[]).map((i) => i.id) };
};

async function projectOf(owner: Person, isPublic: boolean) {
  const [project] = await app.database.db
    .insert(projects)
    .values({ accountId: owner.user.id, name: isPublic ? 'Open' : 'Closed', isPublic })
    .returning();
  return project!.id;
}

describe('the public sample (visitors’ GET /api/gallery)', () => {
  it('shows public projects and live link shares only, without owner details', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Pia' });
    const other = await newSignedInUser(app);
    const [inPublic] = await insertGalleryImages(app, owner.user.id, 1, {
      projectId: await projectOf(owner, true),
    });
    const [inPrivate] = await insertGalleryImages(app, owner.user.id, 1, {
      projectId: await projectOf(owner, false),
    });
    const [selected, notSelected, mailed, revoked, expired] = await insertGalleryImages(
      app,
      other.user.id,
      5,
    );
    await shareOf(other, { imageIds: [selected!.id] });
    await shareOf(other, { imageIds: [mailed!.id], email: 'someone@example.test' });
    const gone = await shareOf(other, { imageIds: [revoked!.id] });
    await app.inject({
      method: 'DELETE',
      url: `/api/gallery/shares/${gone.id}`,
      headers: other.headers,
    });
    const old = await shareOf(other, { imageIds: [expired!.id] });
    await app.database.db
      .update(galleryShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(galleryShares.id, old.id));

    const { res, ids } = await sample();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(ids).toEqual(expect.arrayContaining([inPublic!.id, selected!.id]));
    for (const hidden of [inPrivate, notSelected, mailed, revoked, expired]) {
      expect(ids).not.toContain(hidden!.id);
    }
    expect(ids.length).toBeLessThanOrEqual(24);
    for (const secret of [
      owner.user.id,
      other.user.id,
      owner.user.email,
      other.user.email,
      '/uploads/',
      'favorite',
    ]) {
      expect(res.body).not.toContain(secret);
    }
    const item = (res.json() as { id: string; url: string }[]).find((i) => i.id === selected!.id)!;
    expect(item).toMatchObject({ url: `/api/gallery/public/${selected!.id}`, type: 'uploaded' });
    const file = await app.inject({ url: item.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    for (const hidden of [inPrivate, notSelected, mailed, revoked, expired]) {
      expect((await app.inject({ url: `/api/gallery/public/${hidden!.id}` })).statusCode).toBe(404);
    }
  });

  it('a whole-gallery link shows the newest images; revoking removes them at once', async () => {
    const owner = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, owner.user.id, 30);
    const link = await shareOf(owner, {});
    const { ids } = await sample();
    expect(ids.length).toBe(24);
    expect(ids.filter((id) => rows.some((r) => r.id === id)).length).toBeGreaterThan(0);
    await app.inject({
      method: 'DELETE',
      url: `/api/gallery/shares/${link.id}`,
      headers: owner.headers,
    });
    const after = await sample();
    expect(after.ids.some((id) => rows.some((r) => r.id === id))).toBe(false);
    expect((await app.inject({ url: `/api/gallery/public/${rows[0]!.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/gallery/public/nope' })).statusCode).toBe(400);
  });
});
