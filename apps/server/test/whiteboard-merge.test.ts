import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WHITEBOARD_SCHEMA_VERSION,
  type WhiteboardBoard,
  type WhiteboardItem,
} from '@image-lab/contract';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { actInto, caller, uploadImage, type Person } from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

const item = (id: string, imageUrl: string, x = 10): WhiteboardItem => ({
  id,
  imageUrl,
  x,
  y: 20,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex: 1,
});
const doc = (items: WhiteboardItem[]) => ({ schemaVersion: WHITEBOARD_SCHEMA_VERSION, items });

/** Two tabs that both loaded the board at the same version. */
async function twoTabsOnOneBoard(who: Person) {
  const a = await uploadImage(app, who);
  const b = await uploadImage(app, who);
  const start = [item('a', a.imageUrl), item('b', b.imageUrl)];
  const first = await call(who, 'PUT', '/api/whiteboard', { version: 0, document: doc(start) });
  expect(first.statusCode).toBe(200);
  const loaded = first.json() as WhiteboardBoard;
  return { loaded, a, b };
}

const saveFromTab = (who: Person, loaded: WhiteboardBoard, items: WhiteboardItem[]) =>
  call(who, 'PUT', '/api/whiteboard', {
    version: loaded.version,
    document: doc(items),
    baseItems: loaded.document.items,
  });

describe('saves from two tabs at once', () => {
  it('keeps both when they moved different images', async () => {
    const me = await newSignedInUser(app);
    const { loaded, a, b } = await twoTabsOnOneBoard(me);
    const tab1 = await saveFromTab(me, loaded, [item('a', a.imageUrl, 300), item('b', b.imageUrl)]);
    expect(tab1.statusCode).toBe(200);
    const tab2 = await saveFromTab(me, loaded, [item('a', a.imageUrl), item('b', b.imageUrl, 700)]);
    expect(tab2.statusCode).toBe(200);
    const stored = (await call(me, 'GET', '/api/whiteboard')).json() as WhiteboardBoard;
    expect(stored.version).toBe(loaded.version + 2);
    expect(stored.document.items.map((i) => [i.id, i.x])).toEqual([
      ['a', 300],
      ['b', 700],
    ]);
  });

  it('asks the later one, naming the image, when both moved the same image', async () => {
    const me = await newSignedInUser(app);
    const { loaded, a, b } = await twoTabsOnOneBoard(me);
    const tab1 = await saveFromTab(me, loaded, [item('a', a.imageUrl, 300), item('b', b.imageUrl)]);
    expect(tab1.statusCode).toBe(200);
    const tab2 = await saveFromTab(me, loaded, [item('a', a.imageUrl, 999), item('b', b.imageUrl)]);
    expect(tab2.statusCode).toBe(409);
    expect(tab2.json()).toMatchObject({ code: 'version_conflict', conflicts: ['a'] });
    expect(tab2.json().message).toEqual(expect.any(String));
    expect(tab2.json().board.document.items[0].x).toBe(300);
    const stored = (await call(me, 'GET', '/api/whiteboard')).json() as WhiteboardBoard;
    expect(stored.version).toBe(loaded.version + 1);
  });

  it('names the person whose change won when someone sharing the account changed the image', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const grantee = await newSignedInUser(app, { firstName: 'Grace', lastName: 'Hopper' });
    await actInto(app, owner, grantee, 'write');
    const { loaded, a, b } = await twoTabsOnOneBoard(owner);
    const theirs = await saveFromTab(grantee, loaded, [
      item('a', a.imageUrl, 5),
      item('b', b.imageUrl),
    ]);
    expect(theirs.statusCode).toBe(200);
    const mine = await saveFromTab(owner, loaded, [
      item('a', a.imageUrl, 9),
      item('b', b.imageUrl),
    ]);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ conflicts: ['a'], changedBy: 'Grace Hopper' });
    // The owner's own other tab is not a person to name.
    const fresh = (await call(owner, 'GET', '/api/whiteboard')).json() as WhiteboardBoard;
    await saveFromTab(owner, fresh, [item('a', a.imageUrl, 1), item('b', b.imageUrl)]);
    const again = await saveFromTab(owner, fresh, [
      item('a', a.imageUrl, 2),
      item('b', b.imageUrl),
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().changedBy).toBeUndefined();
  });

  it('still refuses a stale save that sends no base, as before', async () => {
    const me = await newSignedInUser(app);
    const { loaded, a, b } = await twoTabsOnOneBoard(me);
    await saveFromTab(me, loaded, [item('a', a.imageUrl, 300), item('b', b.imageUrl)]);
    const stale = await call(me, 'PUT', '/api/whiteboard', {
      version: loaded.version,
      document: doc([item('a', a.imageUrl), item('b', b.imageUrl, 5)]),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflicts).toBeUndefined();
  });
});
