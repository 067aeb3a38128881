import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WHITEBOARD_ITEMS_MAX,
  WHITEBOARD_SCHEMA_VERSION,
  type WhiteboardBoard,
  type WhiteboardItem,
} from '@image-lab/contract';
import type { App } from '../src/app.ts';
import { whiteboards } from '../src/db/schema/index.ts';
import type { AccountEvent } from '../src/platform/events.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { actInto, caller, createProject, uploadImage, type Person } from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

const item = (id: string, imageUrl: string, extra: Partial<WhiteboardItem> = {}) => ({
  id,
  imageUrl,
  x: 10,
  y: 20,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex: 1,
  ...extra,
});
const doc = (items: unknown[]) => ({ schemaVersion: WHITEBOARD_SCHEMA_VERSION, items });
const board = async (who: Person, query = '') => {
  const res = await call(who, 'GET', `/api/whiteboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WhiteboardBoard;
};
const save = (who: Person, version: number, items: unknown[], projectId?: string) =>
  call(who, 'PUT', '/api/whiteboard', { version, document: doc(items), projectId });

/** Collects the account's events while `run` runs. */
async function eventsDuring(accountId: string, run: () => Promise<unknown>) {
  const seen: AccountEvent[] = [];
  const stop = await app.events.subscribe(accountId, (e) => seen.push(e));
  await run();
  stop();
  return seen.filter((e) => e.type === 'whiteboard-updated');
}

describe('reading and saving a board', () => {
  it('starts empty, saves with the version, and refuses a stale version with the current board', async () => {
    const me = await newSignedInUser(app);
    expect(await board(me)).toEqual({
      projectId: null,
      version: 0,
      document: { schemaVersion: WHITEBOARD_SCHEMA_VERSION, items: [] },
      updatedAt: null,
    });
    const image = await uploadImage(app, me);
    const absolute = `${app.config.publicUrl}${image.imageUrl}`;
    const events = await eventsDuring(me.user.id, async () => {
      const first = await save(me, 0, [item('a', absolute, { rotation: 45, x: -30.5 })]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ version: 1, projectId: null });
    });
    expect(events).toEqual([{ type: 'whiteboard-updated', data: { projectId: null, version: 1 } }]);
    const stored = await board(me);
    expect(stored.version).toBe(1);
    // Addresses are kept in one form: our own /uploads path.
    expect(stored.document.items).toEqual([item('a', image.imageUrl, { rotation: 45, x: -30.5 })]);

    const second = await save(me, 1, [item('a', image.imageUrl, { zIndex: 3 })]);
    expect(second.json().version).toBe(2);
    const stale = await save(me, 1, []);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      message: expect.stringContaining('changed somewhere else'),
      board: { version: 2, document: { items: [item('a', image.imageUrl, { zIndex: 3 })] } },
    });
    // A board that does not exist yet has version 0: anything else is stale too.
    const other = await newSignedInUser(app);
    expect((await save(other, 5, [])).statusCode).toBe(409);
  });

  it('keeps a board per project, apart from the default board', async () => {
    const me = await newSignedInUser(app);
    const image = await uploadImage(app, me);
    const project = await createProject(app, me, { name: 'Kitchen' });
    const res = await save(me, 0, [item('k', image.imageUrl)], project.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await board(me, `?projectId=${project.id}`)).document.items).toHaveLength(1);
    expect((await board(me)).document.items).toHaveLength(0);

    // Deleting the project deletes its board.
    expect((await call(me, 'DELETE', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await call(me, 'GET', `/api/whiteboard?projectId=${project.id}`)).statusCode).toBe(404);
  });

  it('migrates a board stored in an older version when it is read', async () => {
    const me = await newSignedInUser(app);
    const image = await uploadImage(app, me);
    const v1 = {
      id: 'old',
      imageUrl: image.imageUrl,
      x: 1,
      y: 2,
      width: 200,
      height: 150,
      zIndex: 4,
    };
    await app.database.db.insert(whiteboards).values({
      accountId: me.user.id,
      document: { schemaVersion: 1, items: [v1] },
      version: 7,
    });
    const read = await board(me);
    expect(read.version).toBe(7);
    expect(read.document).toEqual({
      schemaVersion: WHITEBOARD_SCHEMA_VERSION,
      items: [{ ...v1, rotation: 0 }],
    });
    expect((await save(me, 7, read.document.items)).json().version).toBe(8);
  });

  it('leaves out images deleted since, and still saves a board that names them', async () => {
    const me = await newSignedInUser(app);
    const kept = await uploadImage(app, me);
    const gone = await uploadImage(app, me);
    const items = [item('kept', kept.imageUrl), item('gone', gone.imageUrl)];
    expect((await save(me, 0, items)).statusCode).toBe(200);
    expect((await call(me, 'DELETE', `/api/edited-images/${gone.id}`)).statusCode).toBe(200);
    expect((await board(me)).document.items.map((i) => i.id)).toEqual(['kept']);
    // A client that still shows it can save: it was checked when it was placed.
    expect((await save(me, 1, items)).statusCode).toBe(200);
  });
});

describe('what a board may hold', () => {
  it('refuses another account’s image (404) and addresses that are not ours (400)', async () => {
    const me = await newSignedInUser(app);
    const stranger = await newSignedInUser(app);
    const theirs = await uploadImage(app, stranger);
    const foreign = await save(me, 0, [item('x', theirs.imageUrl)]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Image not found');
    const outside = await save(me, 0, [item('x', 'https://example.com/uploads/a.jpg')]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/Only images stored by Image Lab/);
    const sent = await call(me, 'POST', '/api/whiteboard-images', { imageUrl: theirs.imageUrl });
    expect(sent.statusCode).toBe(404);
    expect((await board(me)).version).toBe(0);
  });

  it('answers bad input with 400 and a message', async () => {
    const me = await newSignedInUser(app);
    const image = await uploadImage(app, me);
    const bad = [
      { version: 0 },
      { version: 'one', document: doc([]) },
      { version: 0, document: { schemaVersion: 1, items: [] } },
      { version: 0, document: doc([item('a', image.imageUrl, { width: -1 })]) },
      { version: 0, document: doc([item('a', image.imageUrl, { x: 1e9 })]) },
      { version: 0, document: doc([item('a', image.imageUrl), item('a', image.imageUrl)]) },
      { version: 0, document: doc([{ ...item('a', image.imageUrl), rotation: undefined }]) },
      { version: 0, document: doc([]), projectId: 'not-a-uuid' },
    ];
    for (const body of bad) {
      const res = await call(me, 'PUT', '/api/whiteboard', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const many = Array.from({ length: WHITEBOARD_ITEMS_MAX + 1 }, (_, i) =>
      item(`i${i}`, image.imageUrl),
    );
    const tooMany = await save(me, 0, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 500 images/);
    const query = await call(me, 'GET', '/api/whiteboard?projectId=nope');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/project id/);
    for (const body of [{}, { imageUrl: image.imageUrl, width: 0 }, { imageUrl: 42 }]) {
      const res = await call(me, 'POST', '/api/whiteboard-images', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('Send to Whiteboard (POST /api/whiteboard-images)', () => {
  it('appends with the spec’s defaults, on top, and tells the other devices', async () => {
    const me = await newSignedInUser(app);
    const a = await uploadImage(app, me);
    const b = await uploadImage(app, me);
    const events = await eventsDuring(me.user.id, async () => {
      const first = await call(me, 'POST', '/api/whiteboard-images', { imageUrl: a.imageUrl });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        version: 1,
        item: { imageUrl: a.imageUrl, width: 200, height: 150, zIndex: 1, rotation: 0 },
      });
    });
    expect(events).toEqual([{ type: 'whiteboard-updated', data: { projectId: null, version: 1 } }]);
    const second = await call(me, 'POST', '/api/whiteboard-images', {
      imageUrl: b.imageUrl,
      x: 500,
      y: -20,
      width: 320,
      height: 240,
    });
    expect(second.json().item).toMatchObject({
      x: 500,
      y: -20,
      width: 320,
      height: 240,
      zIndex: 2,
    });
    const read = await board(me);
    expect(read.version).toBe(2);
    expect(read.document.items.map((i) => i.imageUrl)).toEqual([a.imageUrl, b.imageUrl]);
  });

  it('sends to a project’s board, never to another account’s project, and stops at 500', async () => {
    const me = await newSignedInUser(app);
    const stranger = await newSignedInUser(app);
    const image = await uploadImage(app, me);
    const mine = await createProject(app, me, { name: 'Mine' });
    const theirs = await createProject(app, stranger, { name: 'Theirs' });
    const body = { imageUrl: image.imageUrl, projectId: mine.id };
    expect((await call(me, 'POST', '/api/whiteboard-images', body)).statusCode).toBe(200);
    expect((await board(me, `?projectId=${mine.id}`)).document.items).toHaveLength(1);
    const foreign = await call(me, 'POST', '/api/whiteboard-images', {
      ...body,
      projectId: theirs.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(me, 'GET', `/api/whiteboard?projectId=${theirs.id}`)).statusCode).toBe(404);

    const full = Array.from({ length: WHITEBOARD_ITEMS_MAX }, (_, i) =>
      item(`i${i}`, image.imageUrl),
    );
    expect((await save(me, 0, full)).statusCode).toBe(200);
    const over = await call(me, 'POST', '/api/whiteboard-images', { imageUrl: image.imageUrl });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/at most 500 images/);
  });
});

describe('who may use a board', () => {
  it('needs sign-in, lets a read-only grantee look but not change (403)', async () => {
    expect((await call(null, 'GET', '/api/whiteboard')).statusCode).toBe(401);
    expect(
      (await call(null, 'PUT', '/api/whiteboard', { version: 0, document: doc([]) })).statusCode,
    ).toBe(401);
    const owner = await newSignedInUser(app);
    const reader = await newSignedInUser(app);
    const writer = await newSignedInUser(app);
    const image = await uploadImage(app, owner);
    expect((await save(owner, 0, [item('a', image.imageUrl)])).statusCode).toBe(200);

    await actInto(app, owner, reader, 'read');
    expect((await board(reader)).document.items).toHaveLength(1);
    const put = await save(reader, 1, []);
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toMatch(/read-only/);
    const post = await call(reader, 'POST', '/api/whiteboard-images', { imageUrl: image.imageUrl });
    expect(post.statusCode).toBe(403);

    await actInto(app, owner, writer, 'write');
    const sent = await call(writer, 'POST', '/api/whiteboard-images', { imageUrl: image.imageUrl });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await board(owner)).document.items).toHaveLength(2);
  });
});
