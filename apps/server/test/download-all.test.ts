import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { hashToken } from '../src/platform/secrets.ts';
import { upsertShare } from '../src/features/account-sharing/account-sharing.repository.ts';
import { setActingAccount } from '../src/platform/session.repository.ts';
import { GUEST_COOKIE, guestHashOf, newGuestKey } from '../src/platform/guest-identity.ts';
import { newSignedInUser } from './factories.ts';
import { buildTestApp } from './helper.ts';
import { fetchStored, smallPhoto, upload } from './image-helpers.ts';
import { BreakingStorage, unzip } from './zip-helpers.ts';

let app: App;
let storage: BreakingStorage;
let photo: Buffer;

beforeAll(async () => {
  storage = new BreakingStorage(path.join(os.tmpdir(), `dl-all-${crypto.randomUUID()}`));
  app = await buildTestApp({}, { storage });
  photo = await smallPhoto('living-room.jpg', 320);
});
afterAll(() => app.close());

const zipOf = (headers: Record<string, string>, images: unknown, guest = false) =>
  app.inject({
    method: 'POST',
    url: guest ? '/api/download-all-images-guest' : '/api/download-all-images',
    headers,
    payload: { images },
  });

async function userWithImages(count: number) {
  const user = await newSignedInUser(app);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await upload(app, user.headers, photo, `p${i}.jpg`);
    expect(res.statusCode).toBe(200);
    urls.push(res.json().imageUrl as string);
  }
  return { ...user, urls };
}

describe('POST /api/download-all-images', () => {
  it('streams a zip of the images, named after their prompts, bytes as stored', async () => {
    const { headers, urls } = await userWithImages(3);
    const res = await zipOf(headers, [
      { url: urls[0], prompt: 'make it brighter!' },
      { url: urls[1] },
      { url: urls[2], prompt: 'Café au lait, très chaud, mit Schlagsahne und Zimt' },
      { url: urls[0], prompt: 'the same image again is left out' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="image-lab-images.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '1-make_it_brighter_.jpg',
      '2-image.jpg',
      '3-Café_au_lait__très_chaud__mit_.jpg',
    ]);
    // JPEGs are stored, not deflated again.
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0]);
    for (const [i, entry] of entries.entries()) {
      expect(entry.data.equals(await fetchStored(app, urls[i]!, headers))).toBe(true);
    }
  });

  it('pads the numbers so a file manager keeps the order', async () => {
    const { headers, urls } = await userWithImages(1);
    const res = await zipOf(
      headers,
      Array.from({ length: 12 }, () => ({ url: urls[0] })),
    );
    // Twelve requests of one image are one image.
    expect((await unzip(res.rawPayload)).map((e) => e.name)).toEqual(['1-image.jpg']);
    const many = await userWithImages(10);
    const ten = await unzip(
      (
        await zipOf(
          many.headers,
          many.urls.map((url) => ({ url })),
        )
      ).rawPayload,
    );
    expect(ten.map((e) => e.name).slice(0, 2)).toEqual(['01-image.jpg', '02-image.jpg']);
    expect(ten.at(-1)?.name).toBe('10-image.jpg');
  });

  it('refuses an empty list with the catalogue text, and more than 100 images', async () => {
    const { headers, urls } = await userWithImages(1);
    const empty = await zipOf(headers, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'No images to download.', title: 'No Images' });
    const tooMany = await zipOf(
      headers,
      Array.from({ length: 101 }, () => ({ url: urls[0] })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/At most 100 images/);
    const malformed = await zipOf(headers, [{ prompt: 'no url' }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.any(String));
  });

  it('refuses addresses that are not our stored images before reading anything', async () => {
    const { headers, urls } = await userWithImages(1);
    for (const url of [
      'http://127.0.0.1/uploads/images/a/b.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'https://evil.example/uploads/images/a/b.jpg',
      'file:///etc/passwd',
      '/uploads/../../etc/passwd',
      '/uploads/images/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await zipOf(headers, [{ url: urls[0] }, { url }]);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Only images stored by Image Lab can be used');
    }
  });

  it('answers 404 for another account’s image, with no partial zip', async () => {
    const mine = await userWithImages(1);
    const theirs = await userWithImages(1);
    const res = await zipOf(mine.headers, [{ url: mine.urls[0] }, { url: theirs.urls[0] }]);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toBe('Image not found');
  });

  it('needs a session, and read access to a shared account is enough', async () => {
    const owner = await userWithImages(1);
    const anonymous = await zipOf({}, [{ url: owner.urls[0] }]);
    expect(anonymous.statusCode).toBe(401);

    const viewer = await userWithImages(1);
    await upsertShare(app.database.db, {
      ownerId: owner.user.id,
      granteeEmail: viewer.user.email,
      granteeId: viewer.user.id,
      permissions: 'read',
    });
    await setActingAccount(app.database.db, hashToken(viewer.token), owner.user.id);
    const res = await zipOf(viewer.headers, [{ url: owner.urls[0] }]);
    expect(res.statusCode).toBe(200);
    expect(
      (await unzip(res.rawPayload))[0]?.data.equals(
        await fetchStored(app, owner.urls[0]!, owner.headers),
      ),
    ).toBe(true);
    // Acting on the owner's account, the viewer's own images are not in scope.
    expect((await zipOf(viewer.headers, [{ url: viewer.urls[0] }])).statusCode).toBe(404);
  });

  it('answers 404 when a stored file is gone before the zip starts', async () => {
    const { headers, urls } = await userWithImages(2);
    await app.storage.delete(urls[1]!.slice('/uploads/'.length));
    const res = await zipOf(
      headers,
      urls.map((url) => ({ url })),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Image not found');
  });

  it('limits each account to 10 zips a minute', async () => {
    const { headers, urls } = await userWithImages(1);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await zipOf(headers, [{ url: urls[0] }])).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
  });
});

const portOf = (server: App) => (server.server.address() as AddressInfo).port;

describe('a file that fails mid-way', () => {
  it('ends the response instead of hanging, and the server keeps serving', async () => {
    const { headers, urls } = await userWithImages(3);
    storage.breaking.add(urls[1]!.slice('/uploads/'.length));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const outcome = await new Promise<{ status?: number; bytes: number; error?: string }>(
      (resolve) => {
        let status: number | undefined;
        let bytes = 0;
        const request = http.request(
          {
            host: '127.0.0.1',
            port: portOf(app),
            method: 'POST',
            path: '/api/download-all-images',
            headers: { ...headers, 'content-type': 'application/json' },
          },
          (response) => {
            status = response.statusCode;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('error', (error) => resolve({ status, bytes, error: error.message }));
            response.on('end', () => resolve({ status, bytes }));
          },
        );
        request.on('error', (error) => resolve({ status, bytes, error: error.message }));
        request.end(JSON.stringify({ images: urls.map((url) => ({ url })) }));
      },
    );
    expect(outcome.status).toBe(200);
    // The first image and part of the second went out, then the connection was cut.
    expect(outcome.bytes).toBeGreaterThan(photo.length / 2);
    expect(outcome.error).toBe('aborted');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('closes the file being read when the client goes away', async () => {
    const { headers, urls } = await userWithImages(2);
    storage.stalling.add(urls[1]!.slice('/uploads/'.length));
    const request = http.request({
      host: '127.0.0.1',
      port: portOf(app),
      method: 'POST',
      path: '/api/download-all-images',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    request.on('error', () => {});
    request.end(JSON.stringify({ images: urls.map((url) => ({ url })) }));
    // The second file hangs after its first bytes; the client gives up.
    await vi.waitFor(() => expect(storage.stalled).toHaveLength(1), { timeout: 5000 });
    request.destroy();
    await vi.waitFor(() => expect(storage.stalled[0]!.destroyed).toBe(true), { timeout: 5000 });
  });
});

describe('POST /api/download-all-images-guest', () => {
  const guestId = crypto.randomBytes(24).toString('base64url');
  const guestCookie = { cookie: `${GUEST_COOKIE}=${guestId}` };
  const guestUrls: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const key = newGuestKey(guestHashOf(guestId));
      await app.storage.put(key, photo, 'image/jpeg');
      guestUrls.push(`/uploads/${key}`);
    }
  });

  it('zips the guest’s own files', async () => {
    const res = await zipOf(
      guestCookie,
      guestUrls.map((url, i) => ({ url, prompt: i === 0 ? 'sunset' : null })),
      true,
    );
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['1-sunset.jpg', '2-image.jpg']);
    expect(entries.every((e) => e.data.equals(photo))).toBe(true);
  });

  it('answers 404 without the cookie, with another guest’s cookie, or for account images', async () => {
    const images = guestUrls.map((url) => ({ url }));
    expect((await zipOf({}, images, true)).statusCode).toBe(404);
    const stranger = { cookie: `${GUEST_COOKIE}=${crypto.randomBytes(24).toString('base64url')}` };
    expect((await zipOf(stranger, images, true)).statusCode).toBe(404);
    const account = await userWithImages(1);
    const res = await zipOf(guestCookie, [{ url: guestUrls[0] }, { url: account.urls[0] }], true);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Image not found');
  });

  it('checks the list like the signed-in call', async () => {
    const empty = await zipOf(guestCookie, [], true);
    expect(empty.json().message).toBe('No images to download.');
    const foreign = await zipOf(guestCookie, [{ url: 'http://10.0.0.1/x.jpg' }], true);
    expect(foreign.statusCode).toBe(400);
  });
});
