import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDetector } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { settleProcessing } from '../src/features/rooms/room-processing.service.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { difference, fetchStored, storedFiles } from './image-helpers.ts';
import { processedRoom, uploadRoom, type Headers } from './rooms-helpers.ts';

describe('room design: upload, processing, designs, sharing, deletion', () => {
  let app: App;
  let owner: Awaited<ReturnType<typeof newSignedInUser>>;
  let other: Headers;
  let room: Awaited<ReturnType<typeof processedRoom>>;
  /** Files stored before the shared room was designed: deleting it goes back to these. */
  let filesBeforeRoom: number;

  beforeAll(async () => {
    app = await buildTestApp();
    await loadDetector();
    owner = await newSignedInUser(app);
    other = (await newSignedInUser(app)).headers;
    filesBeforeRoom = storedFiles(app).length;
    room = await processedRoom(app, owner.headers);
  }, 240_000);
  afterAll(() => app.close());

  it('processes a room: furniture removed and the four styles, each its own image', async () => {
    const { design, uploadId } = room;
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(design).toMatchObject({ id: uploadId, status: 'completed', progress: 100, error: null });
    expect(design.variations.map((v: { style: string }) => v.style)).toEqual([
      'modern',
      'scandinavian',
      'industrial',
      'bohemian',
    ]);
    expect(design.variations.map((v: { title: string }) => v.title)).toEqual([
      'Modern',
      'Scandinavian',
      'Industrial',
      'Bohemian',
    ]);
    const original = await fetchStored(app, design.originalImageUrl, owner.headers);
    const emptied = await fetchStored(app, design.processedImageUrl, owner.headers);
    // Only what was taken out changed (rooms-stored-images.test.ts checks it pixel by pixel).
    expect(await difference(original, emptied)).toBeLessThan(8);
    const looks = await Promise.all(
      design.variations.map((v: { imageUrl: string }) =>
        fetchStored(app, v.imageUrl, owner.headers),
      ),
    );
    expect(await difference(looks[0]!, looks[3]!)).toBeGreaterThan(6);

    const list = await app.inject({ url: '/api/gallery/uploads', headers: owner.headers });
    expect(list.json().map((d: { id: string }) => d.id)).toContain(uploadId);
    const variations = await app.inject({
      url: `/api/room-variations/${uploadId}`,
      headers: owner.headers,
    });
    expect(variations.json()).toHaveLength(4);
  });

  it("answers 404 for other people's designs, and 409 for processing twice", async () => {
    const id = room.uploadId;
    for (const [method, url] of [
      ['GET', `/api/room-upload/${id}`],
      ['DELETE', `/api/room-upload/${id}`],
      ['GET', `/api/room-variations/${id}`],
      ['POST', `/api/process-room/${id}`],
      ['POST', `/api/segment-room/${room.design.variations[0].id}`],
      ['GET', `/api/segments/${id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: other });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
    expect((await app.inject({ url: '/api/gallery/uploads', headers: other })).json()).toEqual([]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/process-room/${id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(409);
    const bad = await app.inject({ url: '/api/room-upload/not-an-id', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ url: `/api/room-upload/${id}` })).statusCode).toBe(401);
  });

  it('shares read-only only when the owner turns it on, by a key that is not its id', async () => {
    expect((await app.inject({ url: `/api/shared/design/${room.uploadId}` })).statusCode).toBe(404);
    const share = (isPublic: boolean, headers: Headers = owner.headers) =>
      app.inject({
        method: 'PUT',
        url: `/api/room-upload/${room.uploadId}/sharing`,
        headers,
        payload: { isPublic },
      });
    expect((await share(true, other)).statusCode).toBe(404);
    const on = await share(true);
    expect(on.json()).toMatchObject({ isPublic: true });
    const token = (on.json().shareUrl as string).split('/shared/design/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).not.toBe(room.uploadId);
    const listed = await app.inject({
      url: `/api/room-upload/${room.uploadId}`,
      headers: owner.headers,
    });
    expect(listed.json()).toMatchObject({ isPublic: true, shareUrl: on.json().shareUrl });

    const url = `/api/shared/design/${token}`;
    const shared = await app.inject({ url });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: token, status: 'completed' });
    expect(shared.json().variations).toHaveLength(4);
    expect(shared.json()).not.toHaveProperty('isPublic');
    // Its images go through the share: no account id, no storage path, no design id.
    for (const secret of [owner.user.id, '/uploads/', room.uploadId]) {
      expect(shared.body).not.toContain(secret);
    }
    const addresses: string[] = [
      shared.json().originalImageUrl,
      shared.json().processedImageUrl,
      ...shared.json().variations.map((v: { imageUrl: string }) => v.imageUrl),
    ];
    for (const address of addresses) {
      const image = await app.inject({ url: address });
      expect(image.statusCode, address).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toMatch(/^public, max-age=31536000/);
    }

    await share(false);
    expect((await app.inject({ url })).statusCode).toBe(404);
    for (const address of addresses) {
      expect((await app.inject({ url: address })).statusCode, address).toBe(404);
    }
    // On again: a new key; what leaked before stays dead.
    const again = (await share(true)).json().shareUrl as string;
    expect(again).not.toContain(token);
    expect((await app.inject({ url })).statusCode).toBe(404);
    expect((await app.inject({ url: addresses[0]! })).statusCode).toBe(404);
    await share(false);
  });

  it('finds the sofa in a variation and lists similar sample products', async () => {
    const variation = room.design.variations.find(
      (v: { style: string }) => v.style === 'scandinavian',
    );
    const segmented = await app.inject({
      method: 'POST',
      url: `/api/segment-room/${variation.id}`,
      headers: owner.headers,
    });
    expect(segmented.statusCode).toBe(200);
    const sofa = segmented
      .json()
      .find((s: { furnitureType: string }) => s.furnitureType === 'sofa');
    expect(sofa).toMatchObject({
      imageId: variation.id,
      boundingBox: { x: expect.closeTo(21.5, -1) },
    });
    const listed = await app.inject({
      url: `/api/segments/${variation.id}`,
      headers: owner.headers,
    });
    expect(listed.json()).toEqual(segmented.json());

    const found = await app.inject({
      method: 'POST',
      url: `/api/search-furniture/${sofa.id}`,
      headers: owner.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      segmentId: sofa.id,
      source: 'catalogue',
      sampleData: true,
    });
    const results = found.json().results;
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(
      results.slice(0, 5).every((r: { productName: string }) => /sofa/i.test(r.productName)),
    ).toBe(true);
    expect(results[0]).toMatchObject({
      store: expect.any(String),
      price: expect.stringMatching(/^\$[\d,]+\.\d\d$/),
    });
    const stored = await app.inject({
      url: `/api/search-results/${sofa.id}`,
      headers: owner.headers,
    });
    expect(stored.json()).toEqual(results);
    expect(
      (await app.inject({ url: `/api/search-results/${sofa.id}`, headers: other })).statusCode,
    ).toBe(404);

    const image = await app.inject({ url: results[0].imageUrl });
    expect(image.headers['content-type']).toBe('image/png');
    const page = await app.inject({ url: results[0].productUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sample data');
  });

  // The last test to use the shared room: it deletes it (a design of its own would double
  // the file's engine time).
  it('deletes a design with every file it had', async () => {
    expect(storedFiles(app).length).toBeGreaterThan(filesBeforeRoom);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/room-upload/${room.uploadId}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(storedFiles(app).length).toBe(filesBeforeRoom);
    expect(
      (await app.inject({ url: `/api/room-upload/${room.uploadId}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('marks a design failed when processing fails, and lets it be tried again', async () => {
    const { uploadId, originalImageUrl } = (await uploadRoom(app, owner.headers)).json();
    await app.storage.delete(originalImageUrl.replace('/uploads/', ''));
    await app.inject({
      method: 'POST',
      url: `/api/process-room/${uploadId}`,
      headers: owner.headers,
    });
    await settleProcessing(app);
    const failed = (
      await app.inject({ url: `/api/room-upload/${uploadId}`, headers: owner.headers })
    ).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Failed to process your room. Please try again.',
    });
    expect(failed.variations).toEqual([]);
    const retry = await app.inject({
      method: 'POST',
      url: `/api/process-room/${uploadId}`,
      headers: owner.headers,
    });
    expect(retry.statusCode).toBe(202);
    await settleProcessing(app);
  });

  it('refuses what is not an image with the spec texts', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload-room',
      headers: owner.headers,
      payload: (await import('./image-helpers.ts')).form({
        image: {
          data: Buffer.from('not an image at all'),
          filename: 'room.jpg',
          type: 'image/jpeg',
        },
      }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ title: 'Invalid File Type' });
  });
});
