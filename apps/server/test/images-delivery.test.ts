import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { photo, upload } from './image-helpers.ts';

let app: App;
let imageUrl: string;
let owner: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  ({ headers: owner } = await newSignedInUser(app));
  imageUrl = (await upload(app, owner, photo('living-room.jpg'))).json().imageUrl;
});
afterAll(() => app.close());

// Who may read which address is tested in file-access.test.ts; here, as the image's owner.
const optimize = (query: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/api/optimize-image?${query}`,
    headers: { ...owner, ...headers },
  });

const SSRF_ATTEMPTS = [
  'http://127.0.0.1/uploads/images/a/b.jpg',
  'http://0.0.0.0/uploads/images/a/b.jpg',
  'http://[::1]/uploads/images/a/b.jpg',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/uploads/images/a/b.jpg',
  'http://2130706433/uploads/images/a/b.jpg',
  'http://[::ffff:127.0.0.1]/uploads/images/a/b.jpg',
  'http://localhost:5000@evil.example/uploads/images/a/b.jpg',
  'http://evil.example/redirect?to=http://127.0.0.1/',
  '//evil.example/uploads/images/a/b.jpg',
  'file:///etc/passwd',
  '/uploads/../../etc/passwd',
];

describe('GET /api/optimize-image', () => {
  it('snaps widths, picks the format from Accept and keeps the aspect ratio', async () => {
    const res = await optimize(`url=${encodeURIComponent(imageUrl)}&w=500`, {
      accept: 'image/avif,image/webp,*/*',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers.vary).toBe('Accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(640);
    const webp = await optimize(`url=${encodeURIComponent(imageUrl)}&w=320`, {
      accept: 'image/webp,*/*',
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    const jpeg = await optimize(`url=${encodeURIComponent(imageUrl)}&w=1900&q=70`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    // 1600×960 is kept as uploaded; 1920 would enlarge it, so it stays 1600 wide.
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(1600);
  });

  it('answers 304 to a matching ETag and serves repeats from the stored copy', async () => {
    const url = `url=${encodeURIComponent(imageUrl)}&w=960&q=75`;
    const first = await optimize(url);
    const second = await optimize(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    const again = await optimize(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const otherQuality = await optimize(`url=${encodeURIComponent(imageUrl)}&w=960&q=60`);
    expect(otherQuality.headers.etag).not.toBe(etag);
  });

  it('makes a small soft placeholder with blur=true', async () => {
    const res = await optimize(`url=${encodeURIComponent(imageUrl)}&w=1280&blur=true`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBeLessThanOrEqual(64);
    expect(res.rawPayload.length).toBeLessThan(3000);
  });

  it('refuses every address that is not one of our stored images, before any connection', async () => {
    for (const attempt of SSRF_ATTEMPTS) {
      const res = await optimize(`url=${encodeURIComponent(attempt)}`);
      expect(res.statusCode, attempt).toBe(400);
      expect(res.json().message).toBe('Only images stored by Image Lab can be used');
    }
    expect((await optimize('url=%2Fuploads%2Fimages%2Fnone%2Fnone.jpg')).statusCode).toBe(404);
    expect((await optimize(`url=${encodeURIComponent(imageUrl)}&q=0`)).statusCode).toBe(400);
    expect((await optimize(`url=${encodeURIComponent(imageUrl)}&w=abc`)).statusCode).toBe(400);
  });
});

describe('GET /api/download-image', () => {
  it('converts to the asked format as an attachment with a safe name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(imageUrl)}&format=png&filename=${encodeURIComponent('../../my "room"\r\n.png')}`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my_room.png"');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    const webp = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(imageUrl)}&format=webp`,
      headers: owner,
    });
    expect(webp.headers['content-disposition']).toBe('attachment; filename="image.webp"');
  });

  it('refuses other formats and addresses', async () => {
    const bad = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(imageUrl)}&format=gif`,
    });
    expect(bad.statusCode).toBe(400);
    for (const attempt of SSRF_ATTEMPTS) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/download-image?url=${encodeURIComponent(attempt)}`,
      });
      expect(res.statusCode, attempt).toBe(400);
    }
  });
});
