import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Person = Awaited<ReturnType<typeof newSignedInUser>>;
const call = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('images in a shared account', () => {
  it('read-only: the grantee sees the owner’s images, cannot edit, upload or delete', async () => {
    const owner = await newSignedInUser(app, { firstName: 'Iris' });
    const guest = await newSignedInUser(app, { firstName: 'Ian' });
    const { imageUrl, id } = (await upload(app, owner.headers, await smallPhoto())).json();
    const shared = await call(owner, 'POST', '/api/share-account', {
      email: guest.user.email,
      permissions: 'read',
    });
    expect(shared.statusCode).toBe(200);
    const switched = await call(guest, 'POST', '/api/switch-account', { ownerId: owner.user.id });
    expect(switched.statusCode).toBe(200);

    const seen = (await call(guest, 'GET', '/api/edited-images')).json();
    expect(seen.map((i: { imageUrl: string }) => i.imageUrl)).toEqual([imageUrl]);
    expect((await call(guest, 'GET', '/api/user/stats')).json().uploaded).toBe(1);
    const editing = await call(guest, 'POST', '/api/edit-image', { imageUrl, prompt: 'brighter' });
    expect(editing.statusCode).toBe(403);
    expect((await upload(app, guest.headers, await smallPhoto())).statusCode).toBe(403);
    expect((await call(guest, 'DELETE', `/api/edited-images/${id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', '/api/edited-images')).json()).toHaveLength(1);
    expect((await call(owner, 'GET', '/api/user/stats')).json().creditsRemaining).toBe(100);
  });

  it('keeps one account’s images out of another’s lists and deletions', async () => {
    const a = await newSignedInUser(app);
    const b = await newSignedInUser(app);
    const { id } = (await upload(app, a.headers, await smallPhoto())).json();
    expect((await call(b, 'GET', '/api/edited-images')).json()).toEqual([]);
    expect((await call(b, 'DELETE', `/api/edited-images/${id}`)).statusCode).toBe(404);
    expect((await call(a, 'GET', '/api/edited-images')).json()).toHaveLength(1);
  });
});
