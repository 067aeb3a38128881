import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@image-lab/contract';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';
import { caller, createProject, recordsById, uploadImage } from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

describe('creating and reading projects', () => {
  it('saves the account’s images, records prompts on generated ones, and activates it', async () => {
    const me = await newSignedInUser(app);
    const a = await uploadImage(app, me);
    const b = await uploadImage(app, me);
    const edited = await call(me, 'POST', '/api/edit-image', {
      imageUrl: a.imageUrl,
      prompt: 'brighter',
    });
    expect(edited.statusCode).toBe(200);
    const g = edited.json().images[0] as { id: string; imageUrl: string };

    const project = await createProject(app, me, {
      name: '  Living room  ',
      description: ' Cosy ',
      imageUrls: [a.imageUrl, g.imageUrl],
      prompts: ['[UPLOADED IMAGE]', 'much brighter please'],
      originalImageUrl: a.imageUrl,
    });
    expect(project).toMatchObject({
      name: 'Living room',
      description: 'Cosy',
      imageUrls: [a.imageUrl, g.imageUrl],
      prompts: ['', 'much brighter please'],
      originalImageUrl: a.imageUrl,
      isPublic: false,
      shareToken: null,
      shareUrl: null,
      imageCount: 2,
    });
    const records = await recordsById(app, me);
    expect(records.get(a.id)).toMatchObject({ projectId: project.id, prompt: '[UPLOADED IMAGE]' });
    expect(records.get(g.id)).toMatchObject({
      projectId: project.id,
      prompt: 'much brighter please',
    });
    expect(records.get(b.id)?.projectId).toBeNull();

    expect((await call(me, 'GET', '/api/projects/active')).json()).toEqual({
      id: project.id,
      name: 'Living room',
    });
    expect((await call(me, 'GET', '/api/projects')).json()).toEqual([project]);
    expect((await call(me, 'GET', `/api/projects/${project.id}`)).json()).toEqual(project);
  });

  it('counts images added by uploads and lists projects newest updated first', async () => {
    const me = await newSignedInUser(app);
    const first = await createProject(app, me, { name: 'First' });
    const second = await createProject(app, me, { name: 'Second' });
    for (let i = 0; i < 3; i++) {
      const res = await upload(app, me.headers, await smallPhoto(), 'p.jpg', undefined, {
        projectId: first.id,
      });
      expect(res.statusCode).toBe(200);
    }
    const listed = () => call(me, 'GET', '/api/projects').then((r) => r.json() as Project[]);
    expect((await listed()).map((p) => p.name)).toEqual(['Second', 'First']);
    const renamed = await call(me, 'PUT', `/api/projects/${first.id}`, { name: 'First again' });
    expect(renamed.statusCode).toBe(200);
    expect(Date.parse(renamed.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    expect((await listed()).map((p) => p.name)).toEqual(['First again', 'Second']);
    const [again, other] = await listed();
    expect(again).toMatchObject({ imageCount: 3, prompts: ['', '', ''] });
    expect(again!.imageUrls).toHaveLength(3);
    expect(other).toMatchObject({ id: second.id, imageCount: 0, imageUrls: [] });
  });

  it('has no active project before the first, and activation switches it', async () => {
    const me = await newSignedInUser(app);
    const active = () => call(me, 'GET', '/api/projects/active').then((r) => r.json());
    expect(await active()).toBeNull();
    const one = await createProject(app, me, { name: 'One' });
    const two = await createProject(app, me, { name: 'Two' });
    expect(await active()).toEqual({ id: two.id, name: 'Two' });
    const res = await call(me, 'PUT', `/api/projects/${one.id}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: one.id, name: 'One' });
    expect(await active()).toEqual({ id: one.id, name: 'One' });
    const unknown = await call(me, 'PUT', `/api/projects/${crypto.randomUUID()}/activate`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Project not found');
  });
});

describe('project names', () => {
  it('trims, requires a name, and refuses more than 20 characters', async () => {
    const me = await newSignedInUser(app);
    for (const name of ['', '   ', undefined]) {
      const res = await call(me, 'POST', '/api/projects', name === undefined ? {} : { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Enter project name.', title: 'Name Required' });
    }
    const twenty = 'x'.repeat(20);
    expect((await createProject(app, me, { name: `  ${twenty}\t ` })).name).toBe(twenty);
    for (const name of ['y'.repeat(21), 'z'.repeat(10_000), 'two\nlines', 123, null, ['a']]) {
      const res = await call(me, 'POST', '/api/projects', { name });
      expect(res.statusCode, String(name).slice(0, 30)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call(me, 'POST', '/api/projects', { name: 'y'.repeat(21) })).json().message).toBe(
      'name: Project names can be at most 20 characters.',
    );
  });

  it('keeps the old name when a rename is blank or too long', async () => {
    const me = await newSignedInUser(app);
    const project = await createProject(app, me, { name: 'Kept' });
    const blank = await call(me, 'PUT', `/api/projects/${project.id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter project name.');
    const long = await call(me, 'PUT', `/api/projects/${project.id}`, { name: 'a'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect((await call(me, 'GET', `/api/projects/${project.id}`)).json().name).toBe('Kept');
  });
});

describe('updating projects', () => {
  it('replaces the images, clears the original and description, keeps what is left out', async () => {
    const me = await newSignedInUser(app);
    const [a, b, c] = [
      await uploadImage(app, me),
      await uploadImage(app, me),
      await uploadImage(app, me),
    ];
    const project = await createProject(app, me, {
      name: 'Walls',
      description: 'Blue',
      imageUrls: [a.imageUrl, b.imageUrl],
      originalImageUrl: a.imageUrl,
    });
    const put = (body: object) => call(me, 'PUT', `/api/projects/${project.id}`, body);

    const replaced = await put({ imageUrls: [c.imageUrl, b.imageUrl, c.imageUrl] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Walls',
      description: 'Blue',
      imageUrls: [b.imageUrl, c.imageUrl],
      imageCount: 2,
      originalImageUrl: a.imageUrl,
    });
    expect((await recordsById(app, me)).get(a.id)?.projectId).toBeNull();

    const cleared = await put({ description: null, originalImageUrl: null, imageUrls: [] });
    expect(cleared.json()).toMatchObject({
      description: '',
      originalImageUrl: null,
      imageUrls: [],
      imageCount: 0,
    });
    const untouched = await put({});
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json().name).toBe('Walls');
    expect((await recordsById(app, me)).get(b.id)?.projectId).toBeNull();
  });

  it('shows no original once that image is deleted', async () => {
    const me = await newSignedInUser(app);
    const a = await uploadImage(app, me);
    const project = await createProject(app, me, { name: 'Gone', originalImageUrl: a.imageUrl });
    expect((await call(me, 'DELETE', `/api/edited-images/${a.id}`)).statusCode).toBe(200);
    const read = await call(me, 'GET', `/api/projects/${project.id}`);
    expect(read.json().originalImageUrl).toBeNull();
  });
});

describe('bad input', () => {
  it('answers 400 with a message for garbage ids and bodies, never 500', async () => {
    const me = await newSignedInUser(app);
    const project = await createProject(app, me, { name: 'Target' });
    const own = `/api/projects/${project.id}`;
    const attempts: [Parameters<typeof call>[1], string, unknown?][] = [];
    for (const id of ['not-a-uuid', '123', "1'%20or%20'1'='1", 'x'.repeat(90), '%00']) {
      attempts.push(['GET', `/api/projects/${id}`]);
      attempts.push(['PUT', `/api/projects/${id}`, { name: 'x' }]);
      attempts.push(['DELETE', `/api/projects/${id}`]);
      attempts.push(['PUT', `/api/projects/${id}/activate`]);
      attempts.push(['POST', `/api/projects/${id}/share`, { isPublic: true }]);
    }
    for (const body of [
      [],
      { name: 'ok', imageUrls: 'x' },
      { name: 'ok', imageUrls: [1] },
      { name: 'ok', imageUrls: [''] },
      { name: 'ok', prompts: ['no images'] },
      { name: 'ok', imageUrls: Array.from({ length: 201 }, () => '/uploads/images/a/b.jpg') },
      { name: 'ok', description: 'd'.repeat(501) },
      { name: 'ok', description: 5 },
      { name: 'ok', originalImageUrl: 5 },
      { name: 'ok', imageUrls: ['http://169.254.169.254/latest/meta-data'] },
      { name: 'ok', imageUrls: ['/uploads/../../package.json'] },
      { name: 'ok', originalImageUrl: 'file:///etc/passwd' },
    ]) {
      attempts.push(['POST', '/api/projects', body]);
      attempts.push(['PUT', own, body]);
    }
    for (const body of [{}, { isPublic: 'yes' }, { isPublic: 1 }, { isPublic: null }]) {
      attempts.push(['POST', `${own}/share`, body]);
    }
    for (const [method, url, body] of attempts) {
      const res = await call(me, method, url, body);
      const label = `${method} ${url.slice(0, 60)} ${JSON.stringify(body)?.slice(0, 60)}`;
      expect(res.statusCode, label).toBe(400);
      expect(typeof res.json().message, label).toBe('string');
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    const text = await call(me, 'POST', '/api/projects', 'just text');
    expect(text.statusCode).toBe(415);
    expect(typeof text.json().message).toBe('string');
    const jsonString = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '"just text"',
    });
    expect(jsonString.statusCode).toBe(400);
    expect((await call(me, 'GET', own)).json()).toMatchObject({ name: 'Target', isPublic: false });
  });

  it('answers 404 for unknown projects and images that are not stored', async () => {
    const me = await newSignedInUser(app);
    const id = crypto.randomUUID();
    for (const [method, url, body] of [
      ['GET', `/api/projects/${id}`],
      ['PUT', `/api/projects/${id}`, { name: 'x' }],
      ['DELETE', `/api/projects/${id}`],
      ['POST', `/api/projects/${id}/share`, { isPublic: true }],
    ] as const) {
      const res = await call(me, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Project not found');
    }
    const missing = `/uploads/images/${me.user.id}/${crypto.randomUUID()}.jpg`;
    const res = await call(me, 'POST', '/api/projects', { name: 'x', imageUrls: [missing] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Image not found');
    expect((await call(me, 'GET', '/api/projects')).json()).toEqual([]);
  });

  it('needs sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['GET', '/api/projects/active'],
      ['POST', '/api/projects'],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? { name: 'x' } : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });
});
