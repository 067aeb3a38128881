import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../src/db/schema/index.ts';
import { insertSession } from '../src/platform/session.repository.ts';
import { hashToken, randomToken } from '../src/platform/secrets.ts';
import { balanceOf, ensureBalance, ledgerSum } from '../src/platform/credits.repository.ts';
import { LEASE_EXPIRED } from '../src/platform/job-leases.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { newUserRow } from './factories.ts';
import { fixtureWebDist, testDatabase } from './helper.ts';
import { smallPhoto } from './image-helpers.ts';
import { filesUnder, startChildServer, watchEvents, type ChildServer } from './child-server.ts';

// The real server in a child process is killed with SIGKILL in the middle of a paid job (a
// 10-credit video); the next start (or the other process) must give everything back.
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

function envFor(dataDir: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: fixtureWebDist,
    JOB_LEASE_SECONDS: '2',
    MODERATION: 'false',
    // One process on PGlite: nothing of CI's PostgreSQL or Redis leaks in from the environment.
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extra,
  };
}

async function start(env: Record<string, string>) {
  const server = await startChildServer(env);
  running.push(server);
  return server;
}

/** Uploads a photo, starts a video, and SIGKILLs the server once the job runs. */
async function killDuringVideo(server: ChildServer, cookie: string, uploadsDir: string) {
  const body = new FormData();
  const photo = await smallPhoto('living-room.jpg', 320);
  body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
  const uploaded = await fetch(`${server.base}/api/save-original-image`, {
    method: 'POST',
    headers: { cookie },
    body,
  });
  expect(uploaded.status).toBe(200);
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  const filesBefore = filesUnder(uploadsDir);

  const events = watchEvents(await fetch(`${server.base}/api/events`, { headers: { cookie } }));
  const request = fetch(`${server.base}/api/generate-video`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ imageUrl, prompt: 'slow zoom in' }),
  }).then(
    (r) => r.status,
    () => 'connection lost' as const,
  );
  await events.until(
    (e) => e.type === 'job-progress' && (e.data as { status: string }).status === 'running',
  );
  const jobId = (events.seen.find((e) => e.type === 'job-progress')!.data as { jobId: string })
    .jobId;
  await server.kill();
  running.splice(running.indexOf(server), 1);
  await events.close();
  expect(await request).toBe('connection lost');
  return { jobId, filesBefore };
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// The PostgreSQL project runs the two-process variant below instead.
if (process.env.TEST_DB !== 'postgres')
  describe('a server killed in the middle of a paid job (PGlite)', () => {
    it('fails the job at the next start, refunds it exactly, and leaves no file', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-crash-'));
      const dbDir = path.join(dataDir, 'db');
      const seed = await openDatabase({ pgliteDir: dbDir });
      const { accountId, cookie } = await seedPerson(seed.db);
      await seed.close();

      const first = await start(envFor(dataDir));
      const uploads = path.join(dataDir, 'uploads');
      const { jobId, filesBefore } = await killDuringVideo(first, cookie, uploads);

      const second = await start(envFor(dataDir));
      const credits = async () =>
        (
          (await (
            await fetch(`${second.base}/api/user/stats`, { headers: { cookie } })
          ).json()) as {
            creditsRemaining: number;
          }
        ).creditsRemaining;
      await until(async () => (await credits()) === STARTING, 'the refund');
      await until(async () => filesUnder(uploads).join() === filesBefore.join(), 'the files');
      await second.stop();
      running.splice(running.indexOf(second), 1);

      const db = await openDatabase({ pgliteDir: dbDir });
      try {
        const [job] = await db.db.select().from(jobs).where(eq(jobs.id, jobId));
        expect(job).toMatchObject({ status: 'failed', error: LEASE_EXPIRED, creditsReserved: 10 });
        expect(await balanceOf(db.db, accountId)).toBe(STARTING);
        expect(await ledgerSum(db.db, accountId)).toBe(STARTING);
      } finally {
        await db.close();
      }
      expect(filesUnder(uploads)).toEqual(filesBefore);
    }, 180_000);
  });

const redisUrl = process.env.REDIS_URL;
// Where CI provides PostgreSQL and Redis: two processes; the survivor's sweep recovers the job.
if (redisUrl && process.env.TEST_DB === 'postgres')
  describe('a server killed in the middle of a paid job (PostgreSQL + Redis, two processes)', () => {
    it('is recovered by the other process: failed, refunded once, files removed, stream told', async () => {
      const database = await testDatabase();
      const { accountId, cookie } = await seedPerson(database.db);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-crash-'));
      const env = envFor(dataDir, {
        DATABASE_URL: inject('testDatabaseUrl'),
        REDIS_URL: redisUrl,
        // Its own queues: other tests' servers share this Redis and must not take its jobs.
        REDIS_JOB_PREFIX: `crash-${crypto.randomUUID().slice(0, 8)}`,
      });
      const [first, other] = await Promise.all([start(env), start(env)]);
      const watching = watchEvents(
        await fetch(`${other.base}/api/events`, { headers: { cookie } }),
      );
      const uploads = path.join(dataDir, 'uploads');
      const { jobId, filesBefore } = await killDuringVideo(first, cookie, uploads);
      await watching.until(
        (e) =>
          e.type === 'job-progress' &&
          (e.data as { jobId: string; status: string }).jobId === jobId &&
          (e.data as { status: string }).status === 'failed',
        30_000,
      );
      await watching.close();
      await until(async () => filesUnder(uploads).join() === filesBefore.join(), 'the files');
      const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job).toMatchObject({ status: 'failed' });
      expect(await balanceOf(database.db, accountId)).toBe(STARTING);
      expect(await ledgerSum(database.db, accountId)).toBe(STARTING);
    }, 180_000);
  });
