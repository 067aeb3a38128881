import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider, ProviderRegistry, type Provider } from '@image-lab/engine';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { jobs } from '../src/db/schema/index.ts';
import { BullJobRunner } from '../src/platform/jobs.ts';
import { LocalStorage } from '../src/platform/storage.ts';
import { buildTestApp, testConfig } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, meanLuminance, smallPhoto, storedFiles, upload } from './image-helpers.ts';

let app: App | undefined;
afterEach(() => app?.close());

/** Storage that breaks on the n-th write, like a disk filling up halfway through. */
class FailingStorage extends LocalStorage {
  writes = 0;
  constructor(
    root: string,
    private readonly failAt: number,
  ) {
    super(root);
  }
  override async put(key: string, body: Buffer, type: string) {
    this.writes++;
    if (this.writes === this.failAt) throw new Error('disk full');
    return super.put(key, body, type);
  }
}

async function setUp(parts: Parameters<typeof buildTestApp>[1], config = testConfig()) {
  app = await buildTestApp({ DATA_DIR: config.dataDir }, parts);
  const { headers, user } = await newSignedInUser(app);
  await setCredits(app, user.id, 10);
  const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
  return { app, headers, imageUrl, user };
}

const creditsOf = async (a: App, headers: Record<string, string>) =>
  (await a.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

describe('a generation that fails midway', () => {
  it('refunds the credits and leaves no file when storage fails on the third result', async () => {
    const config = testConfig();
    // Write 1 is the upload; writes 2 and 3 are results, and write 4 fails.
    const storage = new FailingStorage(path.join(config.dataDir, 'uploads'), 4);
    const { app: a, headers, imageUrl } = await setUp({ storage }, config);
    const files = storedFiles(a).length;
    const res = await a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 4 },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Failed to edit image. Please try again.');
    expect(storedFiles(a).length).toBe(files);
    expect(await creditsOf(a, headers)).toBe(10);
    const images = (await a.inject({ method: 'GET', url: '/api/edited-images', headers })).json();
    expect(images.map((i: { imageType: string }) => i.imageType)).toEqual(['upload']);
  });

  it('refunds the credits when the engine throws', async () => {
    const local = createLocalProvider();
    const broken: Provider = {
      ...local,
      id: 'broken',
      capabilities: local.capabilities,
      edit: async () => {
        throw new Error('model crashed');
      },
    };
    const {
      app: a,
      headers,
      imageUrl,
      user,
    } = await setUp({
      engine: new ProviderRegistry([broken]),
    });
    const res = await a.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'brighter', numImages: 2 },
    });
    expect(res.statusCode).toBe(500);
    expect(await creditsOf(a, headers)).toBe(10);
    const rows = await a.database.db.select().from(jobs).where(eq(jobs.accountId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', creditsReserved: 2 });
    expect(rows[0]!.finishedAt).toBeInstanceOf(Date);
  });
});

const redisUrl = process.env.REDIS_URL;

// Runs where a Redis server is configured (CI sets REDIS_URL): the same edit, queued in BullMQ.
if (redisUrl)
  describe('POST /api/edit-image with BullMQ (REDIS_URL)', () => {
    let bullApp: App;
    beforeAll(async () => {
      const runner = new BullJobRunner(redisUrl, 2, `image-lab-test-${crypto.randomUUID()}`);
      bullApp = await buildTestApp({}, { jobs: runner });
    });
    afterAll(() => bullApp.close());

    it('runs the edit as a queued job and carries refusals back with their message', async () => {
      const { headers, user } = await newSignedInUser(bullApp);
      await setCredits(bullApp, user.id, 3);
      const { imageUrl } = (await upload(bullApp, headers, await smallPhoto())).json();
      const res = await bullApp.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers,
        payload: { imageUrl, prompt: 'darker', numImages: 2 },
      });
      expect(res.statusCode).toBe(200);
      const [first] = res.json().edited_images;
      expect(await meanLuminance(await fetchStored(bullApp, first, headers))).toBeLessThan(
        await meanLuminance(await fetchStored(bullApp, imageUrl, headers)),
      );
      const refused = await bullApp.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers,
        payload: { imageUrl, prompt: 'add a dog' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain('add a dog');
      expect(res.json().creditsRemaining).toBe(1);
    });
  });
