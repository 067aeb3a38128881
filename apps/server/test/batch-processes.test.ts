import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { batchItems, jobs } from '../src/db/schema/index.ts';
import { insertSession } from '../src/platform/session.repository.ts';
import { hashToken, randomToken } from '../src/platform/secrets.ts';
import { balanceOf, ensureBalance, ledgerSum } from '../src/platform/credits.repository.ts';
import { LEASE_EXPIRED } from '../src/platform/job-leases.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { newUserRow } from './factories.ts';
import { fixtureWebDist, testDatabase } from './helper.ts';
import { smallPhoto } from './image-helpers.ts';
import { filesUnder, startChildServer, watchEvents, type ChildServer } from './child-server.ts';

// Batches with the real server as child processes: killed in the middle of a batch (PGlite, one
// process, restarted), and PostgreSQL + Redis with two web processes and a worker: a cancel
// taken by the process that does not drive the batch, and the driving process killed.
const STARTING = 100;
const running: ChildServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.kill()));
});

async function seedPerson(db: Database) {
  const user = await newUserRow(db, { emailVerifiedAt: new Date() });
  const token = randomToken();
  await insertSession(db, {
    idHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await ensureBalance(db, user.id, STARTING);
  return { accountId: user.id, cookie: `sid=${token}` };
}

const baseEnv = (dataDir: string) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: fixtureWebDist,
  JOB_LEASE_SECONDS: '2',
  MODERATION: 'false',
  LOG_LEVEL: 'info',
});

async function start(env: Record<string, string>, ready?: (log: string) => boolean) {
  const server = await startChildServer(env, ready);
  running.push(server);
  return server;
}

async function stopped(server: ChildServer, how: 'kill' | 'stop') {
  await server[how]();
  running.splice(running.indexOf(server), 1);
}

/** Uploads `n` small photos through the server; their ids. */
async function uploadPhotos(base: string, cookie: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = new FormData();
    const photo = await smallPhoto(i % 2 ? 'bedroom.jpg' : 'living-room.jpg', 200 + i * 10);
    body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `p${i}.jpg`);
    const res = await fetch(`${base}/api/save-original-image`, {
      method: 'POST',
      headers: { cookie },
      body,
    });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

type BatchBody = {
  id: string;
  status: string;
  counts: Record<string, number>;
  items: { id: string; status: string; code: string | null; resultUrl: string | null }[];
};

async function call(base: string, cookie: string, method: string, url: string, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { batch: BatchBody } };
}

async function until(check: () => Promise<boolean>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** White BG (ISNet, seconds per image): slow enough to act while the batch runs. */
const WHITE_BG = { kind: 'preset', preset: 'white-bg' };

const isEvent =
  (type: string, test: (data: Record<string, unknown>) => boolean) =>
  (e: { type: string; data: unknown }) =>
    e.type === type && test(e.data as Record<string, unknown>);

/** Balance, ledger and the batch's rows once the batch has ended, however it ended. */
async function expectSettled(db: Database, accountId: string, batchId: string) {
  const items = await db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
  const done = items.filter((i) => i.status === 'succeeded');
  expect(items.every((i) => !['queued', 'running'].includes(i.status))).toBe(true);
  const rows = await db.select().from(jobs).where(eq(jobs.batchId, batchId));
  expect(rows.every((j) => j.status === 'succeeded' || j.status === 'failed')).toBe(true);
  expect(await balanceOf(db, accountId)).toBe(STARTING - done.length);
  expect(await ledgerSum(db, accountId)).toBe(STARTING - done.length);
  return { items, done };
}

// The PostgreSQL project runs the two-process variants below instead.
if (process.env.TEST_DB !== 'postgres')
  describe('a server killed in the middle of a batch (PGlite)', () => {
    it('keeps the finished images, refunds the rest once at the next start, leaves no file behind', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-batch-crash-'));
      const dbDir = path.join(dataDir, 'db');
      const seed = await openDatabase({ pgliteDir: dbDir });
      const { accountId, cookie } = await seedPerson(seed.db);
      await seed.close();
      const env = { ...baseEnv(dataDir), DATABASE_URL: '', REDIS_URL: '' };

      const first = await start(env);
      const ids = await uploadPhotos(first.base, cookie, 4);
      const events = watchEvents(await fetch(`${first.base}/api/events`, { headers: { cookie } }));
      const started = await call(first.base, cookie, 'POST', '/api/batches', {
        imageIds: ids,
        operation: WHITE_BG,
      });
      expect(started.status).toBe(202);
      const batchId = started.json.batch.id;
      await events.until(
        isEvent('batch-progress', (d) => d.status === 'succeeded'),
        120_000,
      );
      await stopped(first, 'kill');
      await events.close();

      const second = await start(env);
      await until(
        async () =>
          (await call(second.base, cookie, 'GET', `/api/batches/${batchId}`)).json.batch.status ===
          'finished',
        'the sweep to end the batch',
        60_000,
      );
      const seen = (await call(second.base, cookie, 'GET', `/api/batches/${batchId}`)).json.batch;
      await stopped(second, 'stop');

      const db = await openDatabase({ pgliteDir: dbDir });
      try {
        const { items, done } = await expectSettled(db.db, accountId, batchId);
        expect(done.length).toBeGreaterThanOrEqual(1);
        expect(done.length).toBeLessThan(4);
        for (const item of items.filter((i) => i.status !== 'succeeded')) {
          expect(item).toMatchObject({ status: 'failed', error: LEASE_EXPIRED });
        }
        expect(seen.items.filter((i) => i.code === 'job_ended')).toHaveLength(4 - done.length);
        // Only the uploads and the kept results (with their renditions) are stored.
        const uploads = path.join(dataDir, 'uploads');
        const keys = new Set(filesUnder(uploads));
        for (const item of done) expect(keys.has(item.resultKey!)).toBe(true);
        const results = await db.db
          .select({ fileKeys: jobs.fileKeys })
          .from(jobs)
          .where(inArray(jobs.batchId, [batchId]));
        const named = results.flatMap((r) => r.fileKeys ?? []);
        const kept = new Set(done.map((i) => i.resultKey));
        for (const key of named) if (!kept.has(key)) expect(keys.has(key), key).toBe(false);
      } finally {
        await db.close();
      }
    }, 300_000);
  });

const redisUrl = process.env.REDIS_URL;
// Where CI provides PostgreSQL and Redis: two web processes and a worker share the database,
// the files and the queue.
if (redisUrl && process.env.TEST_DB === 'postgres')
  describe('a batch across processes (PostgreSQL + Redis: two web processes, a worker)', () => {
    async function processes() {
      const database = await testDatabase();
      const person = await seedPerson(database.db);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-batch-split-'));
      const env = {
        ...baseEnv(dataDir),
        DATABASE_URL: inject('testDatabaseUrl'),
        REDIS_URL: redisUrl!,
        REDIS_JOB_PREFIX: `batch-${crypto.randomUUID().slice(0, 8)}`,
      };
      const [driver, other, worker] = await Promise.all([
        start({ ...env, PROCESS_ROLE: 'web' }),
        start({ ...env, PROCESS_ROLE: 'web' }),
        start({ ...env, PROCESS_ROLE: 'worker' }, (log) =>
          log.includes('worker taking jobs from Redis'),
        ),
      ]);
      return { db: database.db, ...person, driver, other, worker, dataDir };
    }

    it('takes a cancel in the other web process; the worker runs every image; credits exact', async () => {
      const { db, accountId, cookie, driver, other, worker } = await processes();
      const ids = await uploadPhotos(driver.base, cookie, 3);
      const events = watchEvents(await fetch(`${other.base}/api/events`, { headers: { cookie } }));
      const started = await call(driver.base, cookie, 'POST', '/api/batches', {
        imageIds: ids,
        operation: WHITE_BG,
      });
      const batch = started.json.batch;
      await events.until(isEvent('batch-progress', (d) => d.status === 'running'));
      // The last image waits (each web process drives two at a time): cancelled elsewhere.
      const last = batch.items[2]!;
      const cancelled = await call(
        other.base,
        cookie,
        'POST',
        `/api/batches/${batch.id}/items/${last.id}/cancel`,
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.batch.items[2]!.status).toBe('cancelled');
      expect(await balanceOf(db, accountId)).toBe(STARTING - 2);
      await events.until(
        isEvent('batch-progress', (d) => d.batchId === batch.id && d.status === 'finished'),
        180_000,
      );
      await events.close();
      const seen = (await call(other.base, cookie, 'GET', `/api/batches/${batch.id}`)).json.batch;
      expect(seen.items.map((i) => i.status)).toEqual(['succeeded', 'succeeded', 'cancelled']);
      await expectSettled(db, accountId, batch.id);
      // The worker ran the edits; neither web process ran a job.
      expect(worker.output()).toContain('"job":"edit-image"');
      expect(driver.output()).not.toContain('"msg":"job done"');
      expect(other.output()).not.toContain('"msg":"job done"');
      const zip = await fetch(`${other.base}/api/batches/${batch.id}/download`, {
        headers: { cookie },
      });
      expect(zip.status).toBe(200);
    }, 300_000);

    it('is ended by the worker’s sweep when the web process driving it dies', async () => {
      const { db, accountId, cookie, driver, other } = await processes();
      const ids = await uploadPhotos(driver.base, cookie, 4);
      const events = watchEvents(await fetch(`${other.base}/api/events`, { headers: { cookie } }));
      const started = await call(driver.base, cookie, 'POST', '/api/batches', {
        imageIds: ids,
        operation: WHITE_BG,
      });
      const batchId = started.json.batch.id;
      await events.until(
        isEvent('batch-progress', (d) => d.status === 'succeeded'),
        180_000,
      );
      await stopped(driver, 'kill');
      await events.until(
        isEvent('batch-progress', (d) => d.batchId === batchId && d.status === 'finished'),
        60_000,
      );
      await events.close();
      const { done, items } = await expectSettled(db, accountId, batchId);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(items.filter((i) => i.error === LEASE_EXPIRED)).toHaveLength(4 - done.length);
    }, 300_000);
  });
