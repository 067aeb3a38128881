import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { projects } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { insertGalleryImages } from './gallery-helpers.ts';
import { actInto, caller, type Person } from './project-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const sample = async () => {
  const res = await app.inject({ url: '/api/gallery' });
  expect(res.statusCode).toBe(200);
  return { res, ids: (res.json() as { id: string }[]).map((i) => i.id) };
};
const publish = (who: Person, id: string, published = true) =>
  caller(app)(who, 'PATCH', `/api/gallery/${id}`, { published });

describe('the public gallery (visitors’ GET /api/gallery)', () => {
  it('lists only images their owner published there — never link shares or public projects', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Pia' });
    const [published, linked, wholeGallery, inPublicProject] = await insertGalleryImages(
      app,
      owner.user.id,
      4,
    );
    const [project] = await app.database.db
      .insert(projects)
      .values({
        accountId: owner.user.id,
        name: 'Open',
        isPublic: true,
        shareToken: 'x'.repeat(32),
      })
      .returning();
    const call = caller(app);
    await call(owner, 'PUT', `/api/projects/${project!.id}`, {
      imageUrls: [`/uploads/${inPublicProject!.storageKey}`],
    });
    expect(
      (await call(owner, 'POST', '/api/gallery/shares', { imageIds: [linked!.id] })).statusCode,
    ).toBe(201);
    expect((await call(owner, 'POST', '/api/gallery/shares', {})).statusCode).toBe(201);

    const marked = await publish(owner, published!.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: published!.id, published: true });

    const { res, ids } = await sample();
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(ids).toContain(published!.id);
    for (const hidden of [linked, wholeGallery, inPublicProject]) {
      expect(ids).not.toContain(hidden!.id);
      expect((await app.inject({ url: `/api/gallery/public/${hidden!.id}` })).statusCode).toBe(404);
    }
    for (const secret of [owner.user.id, owner.user.email, '/uploads/', 'favorite', 'published']) {
      expect(res.body).not.toContain(secret);
    }
    const item = (res.json() as { id: string; url: string }[]).find((i) => i.id === published!.id)!;
    expect(item).toMatchObject({ url: `/api/gallery/public/${published!.id}`, type: 'uploaded' });
    const file = await app.inject({ url: item.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toMatch(/^public, max-age=31536000/);

    // The owner's own list says which of their images are published.
    const mine = (await call(owner, 'GET', '/api/gallery')).json() as {
      id: string;
      published: boolean;
    }[];
    expect(mine.find((i) => i.id === published!.id)?.published).toBe(true);
    expect(mine.find((i) => i.id === linked!.id)?.published).toBe(false);
  });

  it('withdrawing takes the image and its address away at once; newest publication first', async () => {
    const owner = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, owner.user.id, 3);
    for (const row of rows) expect((await publish(owner, row.id)).statusCode).toBe(200);
    const { ids } = await sample();
    expect(ids.slice(0, 3)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
    expect(ids.length).toBeLessThanOrEqual(24);

    expect((await publish(owner, rows[1]!.id, false)).json().published).toBe(false);
    expect((await sample()).ids).not.toContain(rows[1]!.id);
    expect((await app.inject({ url: `/api/gallery/public/${rows[1]!.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/gallery/public/nope' })).statusCode).toBe(404);
  });

  it('only the owner (or a write grantee) may publish; others get 403 or 404', async () => {
    const owner = await newSignedInUser(app);
    const [row] = await insertGalleryImages(app, owner.user.id, 1);
    const reader = await newSignedInUser(app);
    await actInto(app, owner, reader, 'read');
    expect((await publish(reader, row!.id)).statusCode).toBe(403);
    const stranger = await newSignedInUser(app);
    expect((await publish(stranger, row!.id)).statusCode).toBe(404);
    expect((await sample()).ids).not.toContain(row!.id);
  });
});
