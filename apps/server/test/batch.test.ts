import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { images, jobs } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { difference, fetchStored } from './image-helpers.ts';
import { caller, type Person } from './project-helpers.ts';
import { unzip } from './zip-helpers.ts';
import {
  GatedRunner,
  batchOf,
  expectCredits,
  settleBatches,
  until,
  uploads,
} from './batch-helpers.ts';

// Batches on the real engine and database (PGlite, and PostgreSQL in the postgres project):
// reservations, refunds and cancels, with a runner whose jobs can be held mid-run.
let app: App;
let call: ReturnType<typeof caller>;
const runner = new GatedRunner(1);
beforeAll(async () => {
  app = await buildTestApp({ JOB_CONCURRENCY: '1' }, { jobs: runner });
  call = caller(app);
});
afterAll(async () => {
  runner.release();
  await settleBatches(app);
  await app.close();
});

async function person(credits = 20) {
  const who = await newSignedInUser(app);
  await setCredits(app, who.user.id, credits);
  return who;
}

async function start(who: Person, body: object) {
  const res = await call(who, 'POST', '/api/batches', body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().batch as { id: string; items: { id: string; status: string }[] };
}

describe('a batch (issue 22, item 1)', () => {
  it('reserves every image at once, runs each as a paid edit, and files the results in a new project', async () => {
    const who = await person(20);
    const ids = await uploads(app, who, 3);
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
      project: { kind: 'new', name: 'Stock' },
    });
    // Reserved before any image ran: 3 credits, on 3 leased job rows.
    await expectCredits(app, who.user.id, 17);
    const reserved = await app.database.db.select().from(jobs).where(eq(jobs.batchId, batch.id));
    expect(reserved.map((j) => j.creditsReserved)).toEqual([1, 1, 1]);
    expect(reserved.every((j) => j.leaseExpiresAt !== null)).toBe(true);

    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done).toMatchObject({
      status: 'finished',
      counts: { total: 3, succeeded: 3, failed: 0, cancelled: 0 },
      credits: { used: 3, refunded: 0, held: 0 },
      project: { name: 'Stock' },
      estimateSeconds: null,
    });
    await expectCredits(app, who.user.id, 17);
    // Each result is a real vintage look of its own source, in the new project.
    for (const item of done.items) {
      expect((await fetchStored(app, item.resultUrl!, who.headers)).length).toBeGreaterThan(1000);
    }
    const inProject = await app.database.db
      .select({ n: count() })
      .from(images)
      .where(eq(images.projectId, done.project!.id));
    expect(inProject[0]!.n).toBe(3);
    const first = await call(who, 'GET', `/api/edited-images`);
    const sourceUrl = first.json().find((r: { id: string }) => r.id === ids[0]).imageUrl;
    const before = await fetchStored(app, sourceUrl, who.headers);
    const after = await fetchStored(app, done.items[0]!.resultUrl!, who.headers);
    expect(await difference(before, after)).toBeGreaterThan(5);

    // Download all: the three results, named after their sources, in the batch's order.
    const zip = await call(who, 'GET', `/api/batches/${batch.id}/download`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['1-photo.jpg', '2-photo.jpg', '3-photo.jpg']);

    // The person's data export lists the batch, what it asked and where each result went.
    const exported = (await call(who, 'GET', '/api/auth/export')).json();
    expect(exported.batches).toMatchObject([
      { id: batch.id, status: 'finished', operation: { kind: 'preset' } },
    ]);
    expect(JSON.stringify(exported.batches[0].operation.steps)).toContain('vintage');
    expect(
      exported.batches[0].items.map((i: { sourceImageId: string }) => i.sourceImageId),
    ).toEqual(ids);
    const results = await app.database.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.projectId, done.project!.id));
    expect(
      exported.batches[0].items.map((i: { resultImageId: string }) => i.resultImageId).sort(),
    ).toEqual(results.map((r) => r.id).sort());
  });

  it('cancels one waiting image: it never runs and its credit comes back at once', async () => {
    const who = await person(10);
    const ids = await uploads(app, who, 3);
    runner.hold();
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
    });
    await until(() => runner.held === 1, 'the first image to run');
    const running = await batchOf(app, who, batch.id);
    expect(running.items.map((i) => i.status)).toEqual(['running', 'queued', 'queued']);
    expect(running.estimateSeconds).toBeGreaterThan(0);
    const last = running.items[2]!;
    const cancelled = await call(who, 'POST', `/api/batches/${batch.id}/items/${last.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().batch.items[2]).toMatchObject({
      status: 'cancelled',
      code: 'cancelled',
    });
    await expectCredits(app, who.user.id, 8);
    runner.release();
    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done.counts).toMatchObject({ succeeded: 2, cancelled: 1 });
    expect(done.credits).toEqual({ used: 2, refunded: 1, held: 0 });
    await expectCredits(app, who.user.id, 8);
    const zip = await unzip(
      (await call(who, 'GET', `/api/batches/${batch.id}/download`)).rawPayload,
    );
    expect(zip).toHaveLength(2);
  });

  it('cancels a running image: the result it still makes is thrown away, its credit comes back', async () => {
    const who = await person(10);
    const ids = await uploads(app, who, 2);
    const imagesBefore = await imageCount(who);
    runner.hold();
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
    });
    await until(() => runner.held === 1, 'the first image to run');
    const first = (await batchOf(app, who, batch.id)).items[0]!;
    await call(who, 'POST', `/api/batches/${batch.id}/items/${first.id}/cancel`);
    await expectCredits(app, who.user.id, 9);
    runner.release();
    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done.items.map((i) => i.status)).toEqual(['cancelled', 'succeeded']);
    await expectCredits(app, who.user.id, 9);
    // Only the second image's result was kept.
    expect(await imageCount(who)).toBe(imagesBefore + 1);
  });

  it('cancels the whole batch: what was done stays, the rest comes back', async () => {
    const who = await person(10);
    const ids = await uploads(app, who, 3);
    runner.hold();
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
    });
    await until(() => runner.held === 1, 'the first image to run');
    const res = await call(who, 'POST', `/api/batches/${batch.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().batch.status).toBe('cancelled');
    await expectCredits(app, who.user.id, 10);
    runner.release();
    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done).toMatchObject({ status: 'cancelled', counts: { cancelled: 3 } });
    await expectCredits(app, who.user.id, 10);
    // Nothing to download from a batch that made nothing.
    const zip = await call(who, 'GET', `/api/batches/${batch.id}/download`);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().code).toBe('no_images');
    // Cancelling again changes nothing.
    expect((await call(who, 'POST', `/api/batches/${batch.id}/cancel`)).statusCode).toBe(200);
    await expectCredits(app, who.user.id, 10);
  });

  it('refunds an image that fails, and the others go on', async () => {
    const who = await person(10);
    const ids = await uploads(app, who, 2);
    runner.hold();
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
    });
    await until(() => runner.held === 1, 'the first image to run');
    // The second image is deleted before its turn.
    expect((await call(who, 'DELETE', `/api/edited-images/${ids[1]}`)).statusCode).toBe(200);
    runner.release();
    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done.items.map((i) => [i.status, i.code])).toEqual([
      ['succeeded', null],
      ['failed', 'not_found'],
    ]);
    expect(done.credits).toEqual({ used: 1, refunded: 1, held: 0 });
    await expectCredits(app, who.user.id, 9);
  });

  it('applies a saved recipe: every step reserved, each image a chain of edits', async () => {
    const who = await person(20);
    const [source] = await uploads(app, who, 1);
    const sourceUrl = (await call(who, 'GET', '/api/edited-images')).json()[0].imageUrl;
    const brighter = await call(who, 'POST', '/api/edit-image', {
      imageUrl: sourceUrl,
      prompt: 'make it brighter',
    });
    const vintage = await call(who, 'POST', '/api/edit-image', {
      imageUrl: brighter.json().editedImageUrl,
      preset: 'vintage',
    });
    const recipe = await call(who, 'POST', '/api/recipes', {
      name: 'Warm',
      imageId: vintage.json().images[0].id,
    });
    expect(recipe.statusCode, recipe.body).toBe(201);
    await setCredits(app, who.user.id, 10);
    const ids = [source!, ...(await uploads(app, who, 1))];
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'recipe', recipeId: recipe.json().recipe.id },
    });
    await expectCredits(app, who.user.id, 6);
    expect(
      (await app.database.db.select().from(jobs).where(eq(jobs.batchId, batch.id))).length,
    ).toBe(4);
    await settleBatches(app);
    const done = await batchOf(app, who, batch.id);
    expect(done).toMatchObject({ counts: { succeeded: 2 }, credits: { used: 4, refunded: 0 } });
    await expectCredits(app, who.user.id, 6);
  });

  it('lists the queue: a waiting single edit with its place, and the running batch', async () => {
    const who = await person(10);
    const ids = await uploads(app, who, 2);
    runner.hold();
    const batch = await start(who, {
      imageIds: ids,
      operation: { kind: 'preset', preset: 'vintage' },
    });
    await until(() => runner.held === 1, 'the first image to run');
    const sourceUrl = (await call(who, 'GET', '/api/edited-images')).json()[0].imageUrl;
    const edit = call(who, 'POST', '/api/edit-image', { imageUrl: sourceUrl, preset: 'vintage' });
    let queue = { jobs: [] as { id: string; status: string; position: number | null }[] };
    await until(async () => {
      queue = (await call(who, 'GET', '/api/queue')).json();
      return queue.jobs.length === 1 && queue.jobs[0]!.position !== null;
    }, 'the edit to wait in the queue');
    expect(queue.jobs[0]).toMatchObject({ status: 'queued', label: 'vintage', position: 0 });
    const listed = (await call(who, 'GET', '/api/queue')).json().batches;
    expect(listed[0]).toMatchObject({ id: batch.id, status: 'running' });
    expect(listed[0].estimateSeconds).toBeGreaterThan(0);

    // Cancelling the waiting edit: its request answers 409 and its credit is back at once.
    const cancelled = await call(who, 'POST', `/api/jobs/${queue.jobs[0]!.id}/cancel`);
    expect(cancelled.json()).toEqual({ message: 'Cancelled. Your credits were refunded.' });
    const answer = await edit;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('cancelled');
    await expectCredits(app, who.user.id, 8);
    runner.release();
    await settleBatches(app);
    await expectCredits(app, who.user.id, 8);
    // A job that ended cannot be cancelled again.
    const again = await call(who, 'POST', `/api/jobs/${queue.jobs[0]!.id}/cancel`);
    expect(again.json()).toEqual({ message: 'This has already finished.' });
  });
});

async function imageCount(who: Person) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(images)
    .where(eq(images.accountId, who.user.id));
  return row!.n;
}
