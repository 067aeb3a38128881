import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { images } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { form, photo, smallPhoto, storedFiles } from './image-helpers.ts';
import { caller, type Person } from './project-helpers.ts';
import { batchOf, expectCredits, settleBatches } from './batch-helpers.ts';
import { declareSize, yazlZip } from './zip-builders.ts';

// A folder or a zip dropped on the gallery: every file checked by its bytes before any is kept,
// junk left out, bombs and non-images refused with a 4xx naming the file. Visitors too.
let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp({ GUEST_FREE_IMAGES: '3' });
  call = caller(app);
});
afterAll(async () => {
  await settleBatches(app);
  await app.close();
});

const jpeg = (width = 120) => smallPhoto('living-room.jpg', width);

function send(headers: Record<string, string>, fields: Parameters<typeof form>[0]) {
  return app.inject({
    method: 'POST',
    url: '/api/batches/uploads',
    headers,
    payload: form(fields),
  });
}

const sendZip = (headers: Record<string, string>, zip: Buffer) =>
  send(headers, { archive: { data: zip, filename: 'photos.zip', type: 'application/zip' } });

async function imageCount(who: Person) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(images)
    .where(eq(images.accountId, who.user.id));
  return row!.n;
}

describe('images for a batch, uploaded together', () => {
  it('keeps every image of a zip and leaves out what zip programs add beside them', async () => {
    const who = await newSignedInUser(app);
    const zip = await yazlZip([
      { name: 'stock/car-1.jpg', data: await jpeg(), compress: false },
      { name: 'stock/car-2.png', data: photo('cat.png') },
      { name: '__MACOSX/stock/._car-1.jpg', data: Buffer.from('resource fork') },
      { name: 'stock/.DS_Store', data: Buffer.from('finder') },
      { name: 'stock/Thumbs.db', data: Buffer.from('thumbs') },
    ]);
    const res = await sendZip(who.headers, zip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.images).toHaveLength(2);
    expect(body.skipped.sort()).toEqual([
      '__MACOSX/stock/._car-1.jpg',
      'stock/.DS_Store',
      'stock/Thumbs.db',
    ]);
    expect(await imageCount(who)).toBe(2);
    const names = (await call(who, 'GET', '/api/edited-images'))
      .json()
      .map((r: { filename?: string; prompt: string }) => r.prompt);
    expect(names).toHaveLength(2);
  });

  it('takes up to ten image files at once (a folder goes up in parts)', async () => {
    const who = await newSignedInUser(app);
    const file = { data: await jpeg(), filename: 'a.jpg', type: 'image/jpeg' };
    const body = new FormData();
    for (let i = 0; i < 3; i++) {
      body.append(
        'images',
        new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }),
        `${i}.jpg`,
      );
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/batches/uploads',
      headers: who.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images).toHaveLength(3);
    const tooMany = new FormData();
    for (let i = 0; i < 11; i++) {
      tooMany.append('images', new Blob([new Uint8Array(file.data)]), `${i}.jpg`);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/batches/uploads',
      headers: who.headers,
      payload: tooMany,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('too_many_parts');
    expect(await imageCount(who)).toBe(3);
  });

  it('refuses a bad zip whole, naming the entry, and keeps nothing of it', async () => {
    const who = await newSignedInUser(app);
    const good = await jpeg();
    const zeros = Buffer.alloc(9 * 1024 * 1024);
    const headed = Buffer.concat([good.subarray(0, 3), zeros]);
    const cases: [string, Buffer, number, string][] = [
      [
        'a text file among the photos',
        await yazlZip([
          { name: 'car.jpg', data: good },
          { name: 'notes.txt', data: Buffer.from('prices') },
        ]),
        415,
        'not_an_image',
      ],
      [
        'a zip inside the zip',
        await yazlZip([{ name: 'more.zip', data: await yazlZip([{ name: 'x.jpg', data: good }]) }]),
        415,
        'not_an_image',
      ],
      [
        'an entry over 10 MB',
        await yazlZip([{ name: 'huge.jpg', data: Buffer.alloc(11 * 1024 * 1024, 1) }]),
        413,
        'file_too_large',
      ],
      [
        'a decompression bomb (9 MB of zeros in a few KB)',
        await yazlZip([{ name: 'bomb.jpg', data: headed }]),
        400,
        'bad_archive',
      ],
      [
        'an entry larger than it says',
        declareSize(await yazlZip([{ name: 'liar.jpg', data: headed.subarray(0, 900_000) }]), 1000),
        400,
        'bad_archive',
      ],
      [
        'a broken image after a good one',
        await yazlZip([
          { name: 'car.jpg', data: good },
          { name: 'cut.jpg', data: good.subarray(0, 400) },
        ]),
        422,
        'corrupt_image',
      ],
      ['not a zip at all', good, 400, 'bad_archive'],
      [
        'more than 100 images',
        await yazlZip(Array.from({ length: 101 }, (_, i) => ({ name: `${i}.jpg`, data: good }))),
        400,
        'too_many_images',
      ],
      [
        'an empty zip',
        await yazlZip([{ name: '.DS_Store', data: Buffer.from('x') }]),
        400,
        'no_images',
      ],
    ];
    const filesBefore = storedFiles(app).length;
    for (const [what, zip, status, code] of cases) {
      const res = await sendZip(who.headers, zip);
      expect(`${res.statusCode} ${res.json().code}`, what).toBe(`${status} ${code}`);
      expect(res.json().message, what).toMatch(/\S/);
    }
    // The broken image came after a good one in its zip: that one was taken back out too.
    expect(await imageCount(who)).toBe(0);
    expect(storedFiles(app).length).toBe(filesBefore);
    const named = await sendZip(
      who.headers,
      await yazlZip([
        { name: 'car.jpg', data: good },
        { name: 'docs/notes.txt', data: Buffer.from('prices') },
      ]),
    );
    expect(named.json().message).toContain('“notes.txt”');
  });
});

describe('a visitor’s batch', () => {
  it('uploads and runs within the day’s free edits, and is refused beyond them', async () => {
    const headers = { cookie: 'guest_id=batchvisitor0123456789abcdef' };
    const zip = await yazlZip([
      { name: 'a.jpg', data: await jpeg() },
      { name: 'b.jpg', data: await jpeg(140) },
    ]);
    const uploaded = await sendZip(headers, zip);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const urls = uploaded.json().images.map((i: { imageUrl: string }) => i.imageUrl);
    const started = await app.inject({
      method: 'POST',
      url: '/api/batches',
      headers,
      payload: { imageUrls: urls, operation: { kind: 'preset', preset: 'vintage' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().batch.id;
    await settleBatches(app);
    const done = await app.inject({ method: 'GET', url: `/api/batches/${id}`, headers });
    expect(done.json().batch).toMatchObject({
      status: 'finished',
      counts: { succeeded: 2 },
      credits: { used: 2, refunded: 0, held: 0 },
    });
    const listed = await app.inject({ method: 'GET', url: '/api/queue', headers });
    expect(listed.json().batches.map((b: { id: string }) => b.id)).toEqual([id]);
    const zipped = await app.inject({ method: 'GET', url: `/api/batches/${id}/download`, headers });
    expect(zipped.statusCode).toBe(200);

    // One free edit is left today: two images are refused before anything runs.
    const again = await app.inject({
      method: 'POST',
      url: '/api/batches',
      headers,
      payload: { imageUrls: urls, operation: { kind: 'preset', preset: 'vintage' } },
    });
    expect(again.statusCode).toBe(402);
    expect(again.json().code).toBe('guest_limit');
    // Another visitor cannot see, download or cancel it.
    const stranger = { cookie: 'guest_id=someoneelse0123456789abcdef' };
    for (const [method, url] of [
      ['GET', `/api/batches/${id}`],
      ['GET', `/api/batches/${id}/download`],
      ['POST', `/api/batches/${id}/cancel`],
    ] as const) {
      expect((await app.inject({ method, url, headers: stranger })).statusCode).toBe(404);
    }
    // Nor may a visitor name an account's images, or ask for a project.
    const owner = await newSignedInUser(app);
    await setCredits(app, owner.user.id, 5);
    const own = await send(owner.headers, {
      images: { data: await jpeg(), filename: 'x.jpg', type: 'image/jpeg' },
    });
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/batches',
      headers: stranger,
      payload: {
        imageUrls: [own.json().images[0].imageUrl],
        operation: { kind: 'preset', preset: 'vintage' },
      },
    });
    expect(foreign.statusCode).toBe(404);
    await expectCredits(app, owner.user.id, 5);
    const withProject = await app.inject({
      method: 'POST',
      url: '/api/batches',
      headers,
      payload: {
        imageUrls: [urls[0]],
        operation: { kind: 'preset', preset: 'vintage' },
        project: { kind: 'new', name: 'Mine' },
      },
    });
    expect(withProject.statusCode).toBe(401);
    const recipe = await app.inject({
      method: 'POST',
      url: '/api/batches',
      headers,
      payload: {
        imageUrls: [urls[0]],
        operation: { kind: 'recipe', recipeId: crypto.randomUUID() },
      },
    });
    expect(recipe.statusCode).toBe(404);
    const batch = await batchOf(app, owner, id).catch(() => null);
    expect(batch).toBeNull();
  });
});
