import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AccountEvent } from '../src/platform/events.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { allIds, insertGalleryImages, positionsOf, setPositionOf } from './gallery-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Person = Awaited<ReturnType<typeof newSignedInUser>>;
const call = (who: Person, method: 'POST', url: string, payload: object) =>
  app.inject({ method, url, headers: who.headers, payload });

async function eventsOf(accountId: string) {
  const seen: AccountEvent[] = [];
  const stop = await app.events.subscribe(accountId, (e) => seen.push(e));
  return { seen, stop };
}

describe('reordering', () => {
  const order = async (who: Person) => allIds(app, who.headers);

  it('moves an image between neighbours, to the top and to the bottom', async () => {
    const me = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, me.user.id, 5, { position: (i) => 100 + i * 10 });
    const [e, d, c, b, a] = rows.map((r) => r.id); // shown a, b, c, d, e
    expect(await order(me)).toEqual([a, b, c, d, e]);
    const { seen, stop } = await eventsOf(me.user.id);
    const moved = await call(me, 'POST', '/api/gallery/reorder', {
      id: e,
      beforeId: a,
      afterId: b,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: e, renumbered: false });
    expect(await order(me)).toEqual([a, e, b, c, d]);
    expect(seen).toContainEqual({
      type: 'images-updated',
      data: { reason: 'reordered', ids: [e] },
    });
    stop();
    await call(me, 'POST', '/api/gallery/reorder', { id: d, afterId: a });
    expect(await order(me)).toEqual([d, a, e, b, c]);
    await call(me, 'POST', '/api/gallery/reorder', { id: a, beforeId: c });
    expect(await order(me)).toEqual([d, e, b, c, a]);
    // Only one neighbour given: the other side is taken from the server's order.
    await call(me, 'POST', '/api/gallery/reorder', { id: a, afterId: b });
    expect(await order(me)).toEqual([d, e, a, b, c]);
  });

  it('refuses wrong neighbours without changing anything', async () => {
    const me = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const [z, y, x] = (await insertGalleryImages(app, me.user.id, 3, { position: (i) => i })).map(
      (r) => r.id,
    );
    const [foreign] = await insertGalleryImages(app, other.user.id, 1);
    const before = await order(me);
    const cases: [object, number][] = [
      [{ id: x, beforeId: y, afterId: x }, 400],
      [{ id: x }, 400],
      [{ id: x, afterId: 'nope' }, 400],
      [{ id: y, beforeId: y }, 400],
      [{ id: x, beforeId: foreign!.id }, 404],
      [{ id: foreign!.id, afterId: x }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await call(me, 'POST', '/api/gallery/reorder', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const wrongWay = await call(me, 'POST', '/api/gallery/reorder', {
      id: z,
      beforeId: y,
      afterId: x,
    });
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json().message).toBe('beforeId must be shown before afterId');
    expect(await order(me)).toEqual(before);
    expect((await positionsOf(app, other.user.id))[0]!.position).toBe(foreign!.position);
  });

  it('renumbers the account when neighbours are tied or too close to split', async () => {
    const me = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const rows = await insertGalleryImages(app, me.user.id, 4, { position: (i) => 10 + i });
    const [d, c, b, a] = rows.map((r) => r.id);
    const [foreign] = await insertGalleryImages(app, other.user.id, 1, { position: () => 7 });
    // a and b tied: only their ids order them.
    await setPositionOf(app, a!, 50);
    await setPositionOf(app, b!, 50);
    const shown = await order(me);
    const [first, second] = shown[0] === a ? [a!, b!] : [b!, a!];
    const res = await call(me, 'POST', '/api/gallery/reorder', {
      id: d,
      beforeId: first,
      afterId: second,
    });
    expect(res.json()).toMatchObject({ renumbered: true });
    expect(await order(me)).toEqual([first, d, second, c]);
    const positions = (await positionsOf(app, me.user.id)).map((p) => p.position);
    expect(new Set(positions).size).toBe(4);
    expect((await positionsOf(app, other.user.id))[0]!.position).toBe(foreign!.position);

    // Repeatedly dropping into the same slot halves the gap until doubles run out of room.
    for (const [id, position] of [
      [first, 4],
      [d!, 3],
      [second, 2.99],
      [c!, 1],
    ] as const) {
      await setPositionOf(app, id, position);
    }
    const more = await insertGalleryImages(app, me.user.id, 14, { position: (i) => i / 100 });
    let renumbers = 0;
    let below = second;
    for (const row of more) {
      const moved = await call(me, 'POST', '/api/gallery/reorder', {
        id: row.id,
        beforeId: d,
        afterId: below,
      });
      expect(moved.statusCode).toBe(200);
      if (moved.json().renumbered) renumbers++;
      below = row.id;
    }
    expect(renumbers).toBeGreaterThanOrEqual(1);
    expect(await order(me)).toEqual([first, d, ...more.map((r) => r.id).reverse(), second, c]);
  });
});
