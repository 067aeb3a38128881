import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { smallPhoto, storedFiles, upload } from './image-helpers.ts';
import {
  actInto,
  caller,
  createProject,
  recordsById,
  uploadImage,
  type Person,
} from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

/** Every write of the projects API on one project. */
const writesOn = (id: string, imageUrl: string) =>
  [
    ['POST', '/api/projects', { name: 'Intruder', imageUrls: [imageUrl] }],
    ['PUT', `/api/projects/${id}`, { name: 'Renamed' }],
    ['PUT', `/api/projects/${id}`, { imageUrls: [] }],
    ['DELETE', `/api/projects/${id}`, undefined],
    ['PUT', `/api/projects/${id}/activate`, undefined],
    ['POST', `/api/projects/${id}/share`, { isPublic: true }],
  ] as const;

async function ownerWithProject() {
  const owner = await newSignedInUser(app, { firstName: 'Olga' });
  const image = await uploadImage(app, owner);
  const project = await createProject(app, owner, {
    name: 'Private',
    imageUrls: [image.imageUrl],
  });
  return { owner, image, project };
}

async function unchanged(owner: Person, id: string, imageId: string) {
  const read = await call(owner, 'GET', `/api/projects/${id}`);
  expect(read.json()).toMatchObject({ name: 'Private', isPublic: false, imageCount: 1 });
  expect((await recordsById(app, owner)).get(imageId)?.projectId).toBe(id);
}

describe('another account’s projects', () => {
  it('are 404 by id for every call, and nothing of them leaks or changes', async () => {
    const { owner, image, project } = await ownerWithProject();
    const stranger = await newSignedInUser(app);
    const mine = await uploadImage(app, stranger);
    const read = await call(stranger, 'GET', `/api/projects/${project.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Private');
    for (const [method, url, body] of writesOn(project.id, mine.imageUrl)) {
      if (url === '/api/projects') continue;
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Project not found');
    }
    expect((await call(stranger, 'GET', '/api/projects')).json()).toEqual([]);
    expect((await call(stranger, 'GET', '/api/projects/active')).json()).toBeNull();
    await unchanged(owner, project.id, image.id);
  });

  it('cannot take another account’s images into a project', async () => {
    const { owner, image, project } = await ownerWithProject();
    const stranger = await newSignedInUser(app);
    for (const body of [
      { name: 'Theft', imageUrls: [image.imageUrl] },
      { name: 'Theft', originalImageUrl: image.imageUrl },
    ]) {
      const res = await call(stranger, 'POST', '/api/projects', body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Image not found');
    }
    expect((await call(stranger, 'GET', '/api/projects')).json()).toEqual([]);
    await unchanged(owner, project.id, image.id);
  });
});

describe('a shared account', () => {
  it('read-only: lists and reads, 403 on every write, and nothing changes', async () => {
    const { owner, image, project } = await ownerWithProject();
    const reader = await newSignedInUser(app);
    await actInto(app, owner, reader, 'read');

    const list = await call(reader, 'GET', '/api/projects');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([{ id: project.id, imageUrls: [image.imageUrl] }]);
    expect((await call(reader, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await call(reader, 'GET', '/api/projects/active')).json()).toEqual({
      id: project.id,
      name: 'Private',
    });
    for (const [method, url, body] of writesOn(project.id, image.imageUrl)) {
      const res = await call(reader, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(typeof res.json().message).toBe('string');
    }
    // Permission is checked before the body: a bad body is still a 403.
    expect((await call(reader, 'POST', '/api/projects', { name: '' })).statusCode).toBe(403);
    await unchanged(owner, project.id, image.id);
    expect((await call(owner, 'GET', '/api/projects')).json()).toHaveLength(1);
  });

  it('read-only: sees that a project is public, but not its link', async () => {
    const { owner, project } = await ownerWithProject();
    await call(owner, 'POST', `/api/projects/${project.id}/share`, { isPublic: true });
    const reader = await newSignedInUser(app);
    await actInto(app, owner, reader, 'read');
    const [seen] = (await call(reader, 'GET', '/api/projects')).json();
    expect(seen).toMatchObject({ isPublic: true, shareToken: null, shareUrl: null });
    const [ownView] = (await call(owner, 'GET', '/api/projects')).json();
    expect(ownView.shareToken).toEqual(expect.any(String));
  });

  it('read & write: creates and renames projects in the owner’s account', async () => {
    const { owner, image, project } = await ownerWithProject();
    const writer = await newSignedInUser(app);
    await actInto(app, owner, writer, 'write');
    const created = await createProject(app, writer, { name: 'By helper' });
    const renamed = await call(writer, 'PUT', `/api/projects/${project.id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    const names = (await call(owner, 'GET', '/api/projects'))
      .json()
      .map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(['By helper', 'Renamed']);
    expect(created.id).not.toBe(project.id);
    expect((await recordsById(app, owner)).get(image.id)?.projectId).toBe(project.id);
  });
});

describe('projectId on uploads, edits and image records', () => {
  it('must name one of the acting account’s projects, else 404 and nothing is stored', async () => {
    const { project: foreign } = await ownerWithProject();
    const me = await newSignedInUser(app);
    const own = await createProject(app, me, { name: 'Mine' });
    const image = await uploadImage(app, me);
    const files = storedFiles(app).length;
    for (const projectId of [foreign.id, crypto.randomUUID()]) {
      for (const url of ['/api/save-original-image', '/api/save-cropped-image']) {
        const res = await upload(app, me.headers, await smallPhoto(), 'p.jpg', url, { projectId });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe('Project not found');
      }
      const edit = await call(me, 'POST', '/api/edit-image', {
        imageUrl: image.imageUrl,
        prompt: 'brighter',
        projectId,
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe('Project not found');
      const record = await call(me, 'POST', '/api/edited-images', {
        imageUrl: image.imageUrl,
        projectId,
      });
      expect(record.statusCode).toBe(404);
    }
    expect(storedFiles(app).length).toBe(files);
    expect((await call(me, 'GET', '/api/user/stats')).json().creditsRemaining).toBe(100);

    const linked = await call(me, 'POST', '/api/edited-images', {
      imageUrl: image.imageUrl,
      projectId: own.id,
    });
    expect(linked.json().projectId).toBe(own.id);
    const edit = await call(me, 'POST', '/api/edit-image', {
      imageUrl: image.imageUrl,
      prompt: 'brighter',
      projectId: own.id,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().images[0].projectId).toBe(own.id);
    const unlinked = await call(me, 'POST', '/api/edited-images', {
      imageUrl: image.imageUrl,
      projectId: null,
    });
    expect(unlinked.json().projectId).toBeNull();
    expect((await call(me, 'GET', `/api/projects/${own.id}`)).json().imageCount).toBe(1);
  });
});
