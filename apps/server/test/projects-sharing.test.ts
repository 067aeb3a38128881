import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_PROJECT_NOT_FOUND } from '@image-lab/contract';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { images } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { caller, createProject, uploadImage, type Person } from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://images.example.test' });
  call = caller(app);
});
afterAll(() => app.close());

const share = (who: Person, id: string, isPublic: boolean) =>
  call(who, 'POST', `/api/projects/${id}/share`, { isPublic });
const open = (token: string, path = '/api/share') => call(null, 'GET', `${path}/${token}`);

async function publicProject(names: { firstName: string | null; lastName: string | null }) {
  const owner = await newSignedInUser(app, names);
  const first = await uploadImage(app, owner);
  const second = await uploadImage(app, owner);
  const edited = await call(owner, 'POST', '/api/edit-image', {
    imageUrl: first.imageUrl,
    prompt: 'warmer',
  });
  expect(edited.statusCode).toBe(200);
  const project = await createProject(app, owner, {
    name: 'Loft',
    description: 'Before and after',
    imageUrls: [first.imageUrl, second.imageUrl, edited.json().edited_image],
  });
  const res = await share(owner, project.id, true);
  expect(res.statusCode).toBe(200);
  return { owner, project, first, token: res.json().shareToken as string, shared: res.json() };
}

describe('sharing a project by link', () => {
  it('makes a long random link that opens signed out, without e-mail, ids or storage keys', async () => {
    const { owner, project, first, token, shared } = await publicProject({
      firstName: 'Iris',
      lastName: 'Example',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(shared).toEqual({
      isPublic: true,
      shareToken: token,
      shareUrl: `https://images.example.test/share/${token}`,
    });
    // Turning on what is already on keeps the live link.
    const again = await share(owner, project.id, true);
    expect(again.json().shareToken).toBe(token);
    const [listed] = (await call(owner, 'GET', '/api/projects')).json();
    expect(listed).toMatchObject({ isPublic: true, shareToken: token });

    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Loft',
      description: 'Before and after',
      owner: { firstName: 'Iris', lastName: 'Example' },
      ownerName: 'Iris Example',
      viewCount: 1,
      imageCount: 3,
    });
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect(body.images.map((i: { prompt: string | null }) => i.prompt)).toEqual([
      null,
      null,
      'warmer',
    ]);
    expect(body.images.map((i: { made: string }) => i.made)).toEqual([
      'upload',
      'upload',
      'prompt',
    ]);
    for (const secret of [owner.user.email, owner.user.id, project.id, '/uploads/', '.jpg']) {
      expect(res.body, secret).not.toContain(secret);
    }
    expect(res.body.toLowerCase()).not.toContain('email');

    const image = await call(null, 'GET', body.images[0].imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/^public, max-age=31536000/);
    const original = await call(owner, 'GET', first.imageUrl);
    expect(image.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('says what made an image instead of internal names: a preset by its id, a crop as a crop', async () => {
    const { project, token } = await publicProject({ firstName: 'Iris', lastName: null });
    const rows = await app.database.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.projectId, project.id))
      .orderBy(asc(images.createdAt), asc(images.id));
    // As the editor stores them: a preset's prompt, and a crop keeping its source's prompt.
    await app.database.db
      .update(images)
      .set({ prompt: 'Preset: white-bg', model: 'local:white-bg' })
      .where(eq(images.id, rows[1]!.id));
    await app.database.db
      .update(images)
      .set({ model: 'manual-crop' })
      .where(eq(images.id, rows[2]!.id));
    const body = (await open(token)).json();
    expect(
      body.images.map((i: { made: string; preset: string | null; prompt: string | null }) => [
        i.made,
        i.preset,
        i.prompt,
      ]),
    ).toEqual([
      ['upload', null, null],
      ['preset', 'white-bg', null],
      ['crop', null, null],
    ]);
  });

  it('counts each visitor once, under both addresses of the call, and never the owner', async () => {
    const { owner, token } = await publicProject({ firstName: 'Vera', lastName: null });
    const from = (remoteAddress: string, path = '/api/share') =>
      app.inject({ url: `${path}/${token}`, remoteAddress });
    expect((await from('203.0.113.7')).json().viewCount).toBe(1);
    // 41 loads from one client are one visitor.
    for (let i = 0; i < 40; i++) await from('203.0.113.7', '/api/shared-project');
    expect((await from('203.0.113.7')).json().viewCount).toBe(1);
    expect((await from('198.51.100.2')).json()).toMatchObject({ viewCount: 2, ownerName: 'Vera' });
    // One IPv6 /64 is one household, whichever address of it is used.
    expect((await from('2001:db8:1:2::5')).json().viewCount).toBe(3);
    expect((await from('2001:db8:1:2:aaaa::9')).json().viewCount).toBe(3);
    // The owner's own looks are not views; a signed-in visitor is one visitor on any network.
    expect((await call(owner, 'GET', `/api/share/${token}`)).json().viewCount).toBe(3);
    const reader = await newSignedInUser(app);
    expect((await call(reader, 'GET', `/api/share/${token}`)).json().viewCount).toBe(4);
    expect((await call(reader, 'GET', `/api/share/${token}`)).json().viewCount).toBe(4);
  });

  it('calls an owner without names Anonymous', async () => {
    const { token } = await publicProject({ firstName: null, lastName: '  ' });
    expect((await open(token)).json()).toMatchObject({ owner: null, ownerName: 'Anonymous' });
  });

  it('kills the link and its images at once when made private; on again is a new link', async () => {
    const { owner, project, token } = await publicProject({ firstName: 'Ada', lastName: 'B' });
    const imageUrl = (await open(token)).json().images[0].imageUrl as string;
    const off = await share(owner, project.id, false);
    expect(off.json()).toEqual({ isPublic: false, shareToken: null, shareUrl: null });

    for (const url of [`/api/share/${token}`, `/api/shared-project/${token}`]) {
      const res = await call(null, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: SHARED_PROJECT_NOT_FOUND,
        title: 'Project Not Found',
      });
      expect(String(res.headers['cache-control'] ?? '')).not.toContain('public');
    }
    expect((await call(null, 'GET', imageUrl)).statusCode).toBe(404);
    const [listed] = (await call(owner, 'GET', '/api/projects')).json();
    expect(listed).toMatchObject({ isPublic: false, shareToken: null, shareUrl: null });

    const on = await share(owner, project.id, true);
    const fresh = on.json().shareToken as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(fresh).not.toBe(token);
    // The old link and its image addresses stay dead; the new one works.
    expect((await open(token)).statusCode).toBe(404);
    expect((await call(null, 'GET', imageUrl)).statusCode).toBe(404);
    expect((await open(fresh)).statusCode).toBe(200);
  });

  it('serves only the project’s own images through its link', async () => {
    const { owner, token } = await publicProject({ firstName: 'Tom', lastName: null });
    const outside = await uploadImage(app, owner);
    const stranger = await newSignedInUser(app);
    const foreign = await uploadImage(app, stranger);
    for (const id of [outside.id, foreign.id, crypto.randomUUID(), 'not-an-id', '..%2F..%2Fetc']) {
      const res = await call(null, 'GET', `/api/shared-project/${token}/images/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('is gone when the project is deleted', async () => {
    const { owner, project, token } = await publicProject({ firstName: 'Del', lastName: null });
    expect((await call(owner, 'DELETE', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(404);
  });

  it('answers unknown, malformed and private tokens with 404, never 500', async () => {
    const owner = await newSignedInUser(app);
    const never = await createProject(app, owner, { name: 'Never shared' });
    expect(never.shareToken).toBeNull();
    for (const token of [
      'abc',
      'A'.repeat(32),
      '..%2F..%2Fetc%2Fpasswd',
      "x'%20or%20'1'='1",
      'z'.repeat(150),
    ]) {
      const res = await open(token);
      expect(res.statusCode, token).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
    // A NUL never reaches a handler: the text-hygiene hook answers it (decision 028).
    const nul = await open('%00');
    expect(nul.statusCode).toBe(400);
    expect(typeof nul.json().message).toBe('string');
    const long = await open('q'.repeat(250));
    expect([400, 404]).toContain(long.statusCode);
    expect(typeof long.json().message).toBe('string');
  });
});
