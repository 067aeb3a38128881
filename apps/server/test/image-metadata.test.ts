import exifr from 'exifr';
import sharp from 'sharp';
import { cameraPhoto as camera } from '@image-lab/engine/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { fetchStored, photo, smallPhoto, upload } from './image-helpers.ts';

let app: App;
let owner: Awaited<ReturnType<typeof newSignedInUser>>;
beforeAll(async () => {
  app = await buildTestApp();
  owner = await newSignedInUser(app);
});
afterAll(() => app.close());

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

const cameraPhoto = async () => camera(await smallPhoto('living-room.jpg', 480));

const tagsOf = (bytes: Buffer) =>
  exifr.parse(bytes, { xmp: true, gps: true, mergeOutput: true, translateValues: false });

/** Uploads the picture and makes it brighter with the local engine. */
async function editedResult(picture?: Buffer) {
  const data = picture ?? (await cameraPhoto());
  const uploaded = (await upload(app, owner.headers, data, 'camera.jpg')).json();
  const res = await app.inject({
    method: 'POST',
    url: '/api/edit-image',
    headers: owner.headers,
    payload: { imageUrl: uploaded.imageUrl, prompt: 'make it brighter' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().images[0] as { id: string; imageUrl: string };
  return { uploaded, result };
}

describe('metadata of results (issue 22)', () => {
  it('keeps the camera, makes the orientation 1 and writes how the result was made', async () => {
    const { uploaded, result } = await editedResult();
    // The upload is kept as it came: upright size in the answer, its tags in the bytes.
    expect(uploaded).toMatchObject({ width: 288, height: 480 });
    const bytes = await fetchStored(app, result.imageUrl, owner.headers);
    const tags = await tagsOf(bytes);
    expect(tags.Make).toBe('Canon');
    expect(tags.Model).toBe('EOS R5');
    expect(tags.Orientation).toBe(1);
    expect(tags.DigitalSourceType).toBe(`${SOURCE_TYPES}algorithmicallyEnhanced`);
    expect(JSON.stringify(tags.History)).toContain('Edit: make it brighter (local)');
    // Orientation applied: the result is upright, as the photo was meant to be seen.
    const { width, height } = await sharp(bytes).metadata();
    expect(height).toBeGreaterThan(width);
  });

  it('keeps the position in the owner’s copy and download, and removes it from a public share', async () => {
    const { result } = await editedResult();
    const own = await fetchStored(app, result.imageUrl, owner.headers);
    expect((await exifr.gps(own))?.latitude).toBeCloseTo(48.14167, 3);
    const download = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(result.imageUrl)}&format=jpg`,
      headers: owner.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(own)).toBe(true);

    const share = await app.inject({
      method: 'POST',
      url: '/api/gallery/shares',
      headers: owner.headers,
      payload: { imageIds: [result.id] },
    });
    expect(share.statusCode, share.body).toBe(201);
    const publicUrl = `/api/shared/${share.json().token}/images/${result.id}`;
    const shown = await app.inject({ method: 'GET', url: publicUrl });
    expect(shown.statusCode).toBe(200);
    expect(await exifr.gps(shown.rawPayload)).toBeUndefined();
    const tags = await tagsOf(shown.rawPayload);
    expect(tags.GPSLatitude).toBeUndefined();
    expect(tags.Model).toBe('EOS R5');
    expect(tags.DigitalSourceType).toBe(`${SOURCE_TYPES}algorithmicallyEnhanced`);
    const publicDownload = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(publicUrl)}&format=jpg`,
    });
    expect(publicDownload.statusCode).toBe(200);
    expect(await exifr.gps(publicDownload.rawPayload)).toBeUndefined();
  });

  it('leaves the position in public copies only when the owner chooses to keep it', async () => {
    const { result } = await editedResult();
    const share = await app.inject({
      method: 'POST',
      url: '/api/gallery/shares',
      headers: owner.headers,
      payload: { imageIds: [result.id] },
    });
    const publicUrl = `/api/shared/${share.json().token}/images/${result.id}`;
    const stripped = await app.inject({ method: 'GET', url: publicUrl });
    expect(await exifr.gps(stripped.rawPayload)).toBeUndefined();
    const privacy = (
      keepsPublicLocation: unknown,
      headers: Record<string, string> = owner.headers,
    ) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/privacy',
        headers,
        payload: { keepsPublicLocation },
      });

    expect((await privacy(true)).json()).toEqual({ keepsPublicLocation: true });
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: owner.headers });
    expect(me.json().keepsPublicLocation).toBe(true);
    const located = await app.inject({ method: 'GET', url: publicUrl });
    expect((await exifr.gps(located.rawPayload))?.latitude).toBeCloseTo(48.14167, 3);
    // Its own ETag: a browser holding the copy without the position fetches the new one.
    expect(located.headers.etag).not.toBe(stripped.headers.etag);
    const revalidated = await app.inject({
      method: 'GET',
      url: publicUrl,
      headers: { 'if-none-match': String(stripped.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    const download = await app.inject({
      method: 'GET',
      url: `/api/download-image?url=${encodeURIComponent(publicUrl)}&format=jpg`,
    });
    expect((await exifr.gps(download.rawPayload))?.latitude).toBeCloseTo(48.14167, 3);

    expect((await privacy(false)).statusCode).toBe(200);
    expect(
      await exifr.gps((await app.inject({ method: 'GET', url: publicUrl })).rawPayload),
    ).toBeUndefined();
    // Bad input and people who are not the owner change nothing.
    expect((await privacy('yes')).statusCode).toBe(400);
    expect((await privacy('\u0000')).statusCode).toBe(400);
    expect((await privacy(true, {})).statusCode).toBe(401);
    const stranger = await newSignedInUser(app);
    expect((await privacy(true, stranger.headers)).statusCode).toBe(200);
    expect(
      await exifr.gps((await app.inject({ method: 'GET', url: publicUrl })).rawPayload),
    ).toBeUndefined();
  });

  it('labels a generation from text as made by an algorithm, with no camera', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers: owner.headers,
      payload: { generateNew: true, prompt: 'a calm blue sea at dusk' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = await fetchStored(app, res.json().images[0].imageUrl, owner.headers);
    const tags = await tagsOf(bytes);
    expect(tags.DigitalSourceType).toBe(`${SOURCE_TYPES}algorithmicMedia`);
    expect(tags.Model).toBeUndefined();
    expect(res.json().contentCredentials).toBeUndefined();
  });
});

describe('a photo larger than the largest preset (docs/decisions/041)', () => {
  it('is kept whole; edits work on a 3840 copy, deleted with it', async () => {
    const large = await sharp(photo('living-room.jpg')).resize(4800, 2880).jpeg().toBuffer();
    const { uploaded, result } = await editedResult(large);
    expect(uploaded).toMatchObject({ width: 4800, height: 2880 });
    const key = uploaded.imageUrl.replace('/uploads/', '');
    expect(await app.storage.exists(`renditions/${key}/working.jpg`)).toBe(true);
    expect(result).toMatchObject({ width: 3840, height: 2304 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/edited-images/${uploaded.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await app.storage.exists(`renditions/${key}/working.jpg`)).toBe(false);
  }, 60_000);
});
