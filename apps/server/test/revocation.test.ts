import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { actInto, caller, uploadImage, type Person } from './project-helpers.ts';
import { uploadRoom } from './rooms-helpers.ts';

/**
 * What an owner's "remove" or "read only" does to what a grantee has open (docs/decisions/022)
 * and to the links the grantee made (021). Run against a real listening server, so the event
 * stream is a real HTTP stream; with REDIS_URL also through Redis, as between two processes.
 */
const setups: [string, Record<string, string>][] = [['one process', {}]];
if (process.env.REDIS_URL) setups.push(['Redis event bus', { REDIS_URL: process.env.REDIS_URL }]);

describe.each(setups)('revocation, with %s', (_name, overrides) => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_SCALE: '1000', ...overrides });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  /** An open /api/events stream and everything it has said so far. */
  async function openStream(who: Person) {
    const res = await fetch(`${base}/api/events`, { headers: who.headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const stream = { text: '', ended: false };
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        stream.text += decoder.decode(value);
      }
      stream.ended = true;
    })();
    await until(() => stream.text.includes('retry:'));
    return stream;
  }

  async function until(condition: () => boolean, ms = 2000) {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const shareIdOf = async (owner: Person) =>
    (await caller(app)(owner, 'GET', '/api/account-shares')).json()[0].id as string;

  it('removing a share ends the grantee’s open stream at once; nothing more of the owner’s arrives', async () => {
    const owner = await newSignedInUser(app);
    const grantee = await newSignedInUser(app);
    await actInto(app, owner, grantee, 'read');
    const stream = await openStream(grantee);
    await app.events.publish(owner.user.id, { type: 'credits-updated', data: { before: 1 } });
    await until(() => stream.text.includes('"before":1'));

    const removed = await caller(app)(
      owner,
      'DELETE',
      `/api/account-share/${await shareIdOf(owner)}`,
    );
    expect(removed.statusCode).toBe(200);
    await until(() => stream.ended);
    expect(stream.text).toContain('event: access-changed');
    await app.events.publish(owner.user.id, { type: 'credits-updated', data: { after: 1 } });
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.text).not.toContain('"after":1');

    // The screen's next questions are answered as the grantee's own account.
    const me = (await caller(app)(grantee, 'GET', '/api/auth/user')).json();
    expect(me.viewing ?? null).toBeNull();
    const again = await openStream(grantee);
    await app.events.publish(owner.user.id, { type: 'credits-updated', data: { later: 1 } });
    await app.events.publish(grantee.user.id, { type: 'credits-updated', data: { own: 1 } });
    await until(() => again.text.includes('"own":1'));
    expect(again.text).not.toContain('"later":1');
  });

  it('a role change ends the stream too, and the grantee comes back with the new role', async () => {
    const owner = await newSignedInUser(app);
    const grantee = await newSignedInUser(app);
    await actInto(app, owner, grantee, 'write');
    const stream = await openStream(grantee);
    const changed = await caller(app)(owner, 'POST', '/api/share-account', {
      email: grantee.user.email,
      permissions: 'read',
    });
    expect(changed.statusCode).toBe(200);
    await until(() => stream.ended);
    expect(stream.text).toContain('event: access-changed');
    const me = (await caller(app)(grantee, 'GET', '/api/auth/user')).json();
    expect(me.viewing).toMatchObject({ ownerId: owner.user.id, permissions: 'read' });
    // The same role again changes nothing, and ends nothing.
    const steady = await openStream(grantee);
    await caller(app)(owner, 'POST', '/api/share-account', {
      email: grantee.user.email,
      permissions: 'read',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(steady.ended).toBe(false);
  });

  it('logging out ends that person’s open streams', async () => {
    const person = await newSignedInUser(app);
    const stream = await openStream(person);
    expect((await caller(app)(person, 'POST', '/api/auth/logout')).statusCode).toBeLessThan(400);
    await until(() => stream.ended);
  });
});

describe('links a grantee made, and what read-only grantees see', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_SCALE: '1000' });
  });
  afterAll(() => app.close());

  async function linksBy(writer: Person, owner: Person) {
    const call = caller(app);
    const image = await uploadImage(app, owner);
    const link = (
      await call(writer, 'POST', '/api/gallery/shares', { imageIds: [image.id] })
    ).json();
    const project = (await call(writer, 'POST', '/api/projects', { name: 'By grantee' })).json();
    const shared = (
      await call(writer, 'POST', `/api/projects/${project.id}/share`, { isPublic: true })
    ).json();
    const room = (await uploadRoom(app, writer.headers)).json();
    const design = (
      await call(writer, 'PUT', `/api/room-upload/${room.uploadId}/sharing`, { isPublic: true })
    ).json();
    return {
      pages: [
        `/api/shared/${link.token}`,
        `/api/shared/${link.token}/images/${image.id}`,
        `/api/share/${shared.shareToken}`,
        `/api/shared/design/${design.shareUrl.split('/').pop()}`,
      ],
      projectId: project.id as string,
    };
  }

  const statuses = async (urls: string[]) =>
    Promise.all(urls.map(async (url) => (await caller(app)(null, 'GET', url)).statusCode));

  it('removing a write grantee ends the links they made; the owner’s own links stay', async () => {
    const owner = await newSignedInUser(app);
    const writer = await newSignedInUser(app);
    await actInto(app, owner, writer, 'write');
    const theirs = await linksBy(writer, owner);
    const mine = await linksBy(owner, owner);
    expect(await statuses([...theirs.pages, ...mine.pages])).toEqual(Array(8).fill(200));

    const shareId = (await caller(app)(owner, 'GET', '/api/account-shares')).json()[0].id;
    await caller(app)(owner, 'DELETE', `/api/account-share/${shareId}`);
    expect(await statuses(theirs.pages)).toEqual([404, 404, 404, 404]);
    expect(await statuses(mine.pages)).toEqual([200, 200, 200, 200]);
    // The owner sees what happened: the link is listed as revoked, the project as private.
    const links = (await caller(app)(owner, 'GET', '/api/gallery/shares')).json();
    expect(links.map((l: { status: string }) => l.status).sort()).toEqual(['active', 'revoked']);
    const project = (await caller(app)(owner, 'GET', `/api/projects/${theirs.projectId}`)).json();
    expect(project).toMatchObject({ isPublic: false, shareToken: null });
  });

  it('changing a write grantee to read only ends their links too', async () => {
    const owner = await newSignedInUser(app);
    const writer = await newSignedInUser(app);
    await actInto(app, owner, writer, 'write');
    const theirs = await linksBy(writer, owner);
    await caller(app)(owner, 'POST', '/api/share-account', {
      email: writer.user.email,
      permissions: 'read',
    });
    expect(await statuses(theirs.pages)).toEqual([404, 404, 404, 404]);
  });

  it('a read-only grantee sees that links exist, never the links or design keys', async () => {
    const owner = await newSignedInUser(app);
    const reader = await newSignedInUser(app);
    const mine = await linksBy(owner, owner);
    expect(await statuses(mine.pages)).toEqual([200, 200, 200, 200]);
    await actInto(app, owner, reader, 'read');
    const call = caller(app);
    const lists = [
      await call(reader, 'GET', '/api/gallery/shares'),
      await call(reader, 'GET', '/api/projects'),
      await call(reader, 'GET', '/api/gallery/uploads'),
    ];
    const tokens = mine.pages.map((page) => page.split('/')[3]!);
    for (const list of lists) {
      expect(list.statusCode).toBe(200);
      for (const token of tokens) expect(list.body).not.toContain(token);
    }
    expect(lists[0]!.json()[0]).toMatchObject({ token: null, shareUrl: null, status: 'active' });
    expect(lists[2]!.json()[0]).toMatchObject({ isPublic: true, shareUrl: null });
    // The owner (and a write grantee) still see them.
    expect((await call(owner, 'GET', '/api/gallery/shares')).body).toContain(tokens[0]);
  });
});
