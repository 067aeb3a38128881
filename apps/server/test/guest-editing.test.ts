import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { guestFiles, images } from '../src/db/schema/index.ts';
import { sweepGuestFiles } from '../src/features/guests/guest-files.sweeper.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { fetchStored, form, meanLuminance, smallPhoto } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ GUEST_FREE_IMAGES: '3' });
});
afterAll(() => app.close());

/** A visitor: their own network address (counters are per address) and, later, a cookie. */
function visitor() {
  const remoteAddress = `10.${[1, 2, 3].map(() => crypto.randomInt(1, 255)).join('.')}`;
  let cookie = '';
  const remember = <R extends { cookies: { name: string; value: string }[] }>(res: R): R => {
    const set = res.cookies.find((c) => c.name === 'guest_id');
    if (set) cookie = `guest_id=${set.value}`;
    return res;
  };
  const headers = (): Record<string, string> => (cookie ? { cookie } : {});
  return {
    remoteAddress,
    headers,
    forget: () => (cookie = ''),
    upload: async (data: Buffer) =>
      remember(
        await app.inject({
          method: 'POST',
          url: '/api/save-original-image',
          remoteAddress,
          headers: headers(),
          payload: form({ image: { data, filename: 'room.jpg', type: 'image/jpeg' } }),
        }),
      ),
    edit: async (payload: object) =>
      remember(
        await app.inject({
          method: 'POST',
          url: '/api/edit-image',
          remoteAddress,
          headers: headers(),
          payload,
        }),
      ),
    allowance: async () =>
      (await app.inject({ url: '/api/guest/allowance', remoteAddress, headers: headers() })).json(),
    /** A file of this guest's, with its cookie: only that browser may read its guest folder. */
    file: (url: string) => fetchStored(app, url, headers()),
    analyze: async (imageUrl: string) =>
      app.inject({
        method: 'POST',
        url: '/api/analyze-image',
        remoteAddress,
        headers: headers(),
        payload: { imageUrl },
      }),
  };
}

describe('guests in the editor', () => {
  it('uploads and edits without an account, kept out of every gallery', async () => {
    const guest = visitor();
    const uploaded = await guest.upload(await smallPhoto());
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.cookies.find((c) => c.name === 'guest_id')).toMatchObject({ httpOnly: true });
    const { imageUrl, id } = uploaded.json();
    expect(imageUrl).toMatch(/^\/uploads\/guests\/[0-9a-f]{32}\/[0-9a-f-]{36}\.jpg$/);
    expect(imageUrl).toContain(id);
    // The cookie never appears in an address that may be shown or shared.
    const cookieValue = uploaded.cookies.find((c) => c.name === 'guest_id')!.value;
    expect(imageUrl).not.toContain(cookieValue);
    expect(await guest.allowance()).toEqual({ remaining: 3, limit: 3 });

    const res = await guest.edit({ imageUrl, prompt: 'make it brighter', sessionId: 's-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.creditsRemaining).toBe(2);
    expect(body.images[0]).toMatchObject({
      parentId: id,
      parentImageUrl: imageUrl,
      sessionId: 's-1',
    });
    expect(await meanLuminance(await guest.file(body.edited_image))).toBeGreaterThan(
      await meanLuminance(await guest.file(imageUrl)),
    );
    // Nobody else gets a guest's files: not a visitor, not another guest, not an account.
    const stranger = visitor();
    await stranger.upload(await smallPhoto());
    for (const headers of [{}, stranger.headers(), (await newSignedInUser(app)).headers]) {
      expect((await app.inject({ url: imageUrl, headers })).statusCode).toBe(404);
    }
    expect(await guest.allowance()).toEqual({ remaining: 2, limit: 3 });
    expect((await guest.analyze(body.edited_image)).statusCode).toBe(200);

    const keys = [imageUrl, body.edited_image].map((u: string) => u.slice('/uploads/'.length));
    for (const key of keys) {
      expect(await app.database.db.select().from(images).where(eq(images.storageKey, key))).toEqual(
        [],
      );
    }
  });

  it('keeps one guest away from another guest’s files', async () => {
    const owner = visitor();
    const { imageUrl } = (await owner.upload(await smallPhoto())).json();
    const stranger = visitor();
    expect((await stranger.edit({ imageUrl, prompt: 'darker' })).statusCode).toBe(404);
    expect((await stranger.analyze(imageUrl)).statusCode).toBe(404);
    owner.forget();
    expect((await owner.edit({ imageUrl, prompt: 'darker' })).statusCode).toBe(404);
  });

  it('stops at the daily allowance and gives back what a failed edit took', async () => {
    const guest = visitor();
    const { imageUrl } = (await guest.upload(await smallPhoto())).json();
    const refused = await guest.edit({ imageUrl, prompt: 'add a dog' });
    expect(refused.statusCode).toBe(422);
    expect(await guest.allowance()).toMatchObject({ remaining: 3 });
    expect((await guest.edit({ imageUrl, prompt: 'darker', numImages: 3 })).statusCode).toBe(200);
    const spent = await guest.edit({ imageUrl, prompt: 'darker' });
    expect(spent.statusCode).toBe(402);
    expect(spent.json()).toMatchObject({ code: 'guest_limit', title: 'Free Edits Used' });
    expect((await guest.edit({ imageUrl, prompt: 'darker', numImages: 4 })).statusCode).toBe(402);
  });

  it('counts the network address too, so new cookies do not reset the allowance', async () => {
    const first = visitor();
    let made = 0;
    for (let i = 0; i < 5; i++) {
      first.forget();
      const { imageUrl } = (await first.upload(await smallPhoto('living-room.jpg', 200))).json();
      const res = await first.edit({ imageUrl, prompt: 'darker', numImages: 3 });
      if (res.statusCode === 200) made += 3;
      else expect(res.json().code).toBe('guest_limit');
    }
    expect(made).toBe(12);
  });

  it('refuses bad requests with 4xx answers', async () => {
    const guest = visitor();
    const { imageUrl } = (await guest.upload(await smallPhoto())).json();
    expect((await guest.edit({ imageUrl })).statusCode).toBe(400);
    expect((await guest.edit({ prompt: 'darker' })).json().code).toBe('no_image');
    expect(
      (await guest.edit({ imageUrl: 'http://169.254.169.254/x', prompt: 'x' })).statusCode,
    ).toBe(400);
    expect((await guest.edit({ imageUrl, preset: 'nope' })).statusCode).toBe(400);
    const notImage = await guest.upload(Buffer.from('just text, not an image'));
    expect(notImage.statusCode).toBe(415);
  });

  it('removes guests’ files after a day', async () => {
    const guest = visitor();
    const { imageUrl } = (await guest.upload(await smallPhoto())).json();
    const key = imageUrl.slice('/uploads/'.length);
    await app.database.db
      .update(guestFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(guestFiles.storageKey, key));
    expect(await sweepGuestFiles(app)).toBeGreaterThanOrEqual(1);
    expect(await app.storage.get(key)).toBeUndefined();
    expect((await app.inject({ url: imageUrl })).statusCode).toBe(404);
  });
});

describe('with guest editing turned off', () => {
  it('answers 401 to visitors', async () => {
    const closed = await buildTestApp({ GUEST_FREE_IMAGES: '0' });
    try {
      const res = await closed.inject({
        method: 'POST',
        url: '/api/save-original-image',
        payload: form({ image: { data: await smallPhoto(), filename: 'a.jpg' } }),
      });
      expect(res.statusCode).toBe(401);
      const edit = await closed.inject({
        method: 'POST',
        url: '/api/edit-image',
        payload: { imageUrl: '/uploads/guests/x/y.jpg', prompt: 'darker' },
      });
      expect(edit.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
