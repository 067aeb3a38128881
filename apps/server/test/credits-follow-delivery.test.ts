import { afterEach, describe, expect, it } from 'vitest';
import { createLocalProvider, ProviderRegistry, type Provider } from '@image-lab/engine';
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { creditLedger, jobs } from '../src/db/schema/index.ts';
import { balanceOf, ledgerSum } from '../src/platform/credits.repository.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, storedFiles, upload } from './image-helpers.ts';

let app: App | undefined;
afterEach(() => app?.close());

/** The local provider with its edit replaced, as a hosted model that misbehaves would. */
function providerWithEdit(edit: NonNullable<Provider['edit']>): ProviderRegistry {
  const local = createLocalProvider();
  return new ProviderRegistry([
    { ...local, id: 'stand-in', capabilities: local.capabilities, edit },
  ]);
}

async function setUp(engine: ProviderRegistry) {
  app = await buildTestApp({}, { engine });
  const person = await newSignedInUser(app);
  await setCredits(app, person.user.id, 10);
  const { imageUrl } = (await upload(app, person.headers, await smallPhoto())).json();
  return { a: app, ...person, imageUrl };
}

async function moneyOf(a: App, accountId: string) {
  const db = a.database.db;
  return { balance: await balanceOf(db, accountId), ledger: await ledgerSum(db, accountId) };
}

describe('credits follow the images delivered', () => {
  it('charges one credit when the provider answers one image to a request for two', async () => {
    const local = createLocalProvider();
    const engine = providerWithEdit(async (request) => {
      const full = await local.edit!(request);
      return { ...full, images: full.images.slice(0, 1) };
    });
    const { a, headers, user, imageUrl } = await setUp(engine);
    const res = await a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().edited_images).toHaveLength(1);
    expect(res.json()).toMatchObject({ creditsUsed: 1, creditsRemaining: 9 });
    expect(await moneyOf(a, user.id)).toEqual({ balance: 9, ledger: 9 });
    const [job] = await a.database.db.select().from(jobs).where(eq(jobs.accountId, user.id));
    expect(job).toMatchObject({ status: 'succeeded', creditsReserved: 2 });
    expect(job!.resultImageIds).toHaveLength(1);
    const refunds = await a.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, user.id), eq(creditLedger.reason, 'refund')));
    expect(refunds.map((r) => r.delta)).toEqual([1]);
  });

  it('charges nothing and keeps no file when the provider fails half-way', async () => {
    const engine = providerWithEdit(async (request) => {
      request.onProgress?.(0.5);
      throw new Error('connection reset after the first image');
    });
    const { a, headers, user, imageUrl } = await setUp(engine);
    const files = storedFiles(a).length;
    const res = await a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 3 },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Failed to edit image. Please try again.');
    expect(await moneyOf(a, user.id)).toEqual({ balance: 10, ledger: 10 });
    expect(storedFiles(a)).toHaveLength(files);
    const [job] = await a.database.db.select().from(jobs).where(eq(jobs.accountId, user.id));
    expect(job).toMatchObject({ status: 'failed' });
  });
});

describe('an edit into a project deleted while it runs', () => {
  it('answers 409 with a message, refunds, keeps no file; a retry gets a clear 404', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const local = createLocalProvider();
    const engine = providerWithEdit(async (request) => {
      started();
      await gate;
      return local.edit!(request);
    });
    const { a, headers, user, imageUrl } = await setUp(engine);
    const project = await a.inject({
      method: 'POST',
      url: '/api/projects',
      headers,
      payload: { name: 'Kitchen' },
    });
    expect(project.statusCode).toBe(200);
    const projectId = project.json().id as string;
    const files = storedFiles(a).length;
    const edit = a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 2, projectId },
    });
    await running;
    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    release();
    const res = await edit;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/project was deleted/);
    expect(await moneyOf(a, user.id)).toEqual({ balance: 10, ledger: 10 });
    expect(storedFiles(a)).toHaveLength(files);
    const retry = await a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 1, projectId },
    });
    expect(retry.statusCode).toBe(404);
    expect(retry.json().message).toEqual(expect.any(String));
  });
});
