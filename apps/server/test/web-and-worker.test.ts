import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EDIT_JOB } from '../src/features/generation/edit.job.ts';
import { ROOM_DESIGN_JOB } from '../src/features/rooms/rooms.job.ts';
import { fixtureWebDist, testDatabase } from './helper.ts';
import { smallPhoto } from './image-helpers.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { uniqueEmail } from './auth-helpers.ts';

type LogEntry = { msg?: string; job?: string; role?: string; req?: { url?: string } };
const logOf = (server: ChildServer): LogEntry[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogEntry);

/** The jobs a process says it ran ('job done' lines of its JSON log). */
const jobsRanBy = (server: ChildServer) =>
  logOf(server)
    .filter((entry) => entry.msg === 'job done')
    .map((entry) => `${entry.job} (${entry.role})`);

async function uploadPhoto(base: string, cookie: string, url: string, width: number) {
  const body = new FormData();
  const photo = await smallPhoto('living-room.jpg', width);
  body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { cookie }, body });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, string>;
}

describe('a web or worker process without Redis and PostgreSQL', () => {
  it('stops at start with a one-line explanation', async () => {
    const alone = { DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', PROCESS_ROLE: 'worker' };
    await expect(startChildServer(alone, () => false)).rejects.toThrow(
      /exited at start:\nInvalid configuration: PROCESS_ROLE=worker needs REDIS_URL and DATABASE_URL \(.*\)\n$/,
    );
  }, 60_000);
});

const redisUrl = process.env.REDIS_URL;
// Where CI provides PostgreSQL and Redis: `npm run serve` with PROCESS_ROLE=web beside
// `npm run worker`, sharing the database, the stored files and Redis.
if (redisUrl && process.env.TEST_DB === 'postgres')
  describe('a web process and a worker process (PostgreSQL + Redis)', () => {
    let web: ChildServer;
    let worker: ChildServer;

    beforeAll(async () => {
      await testDatabase(); // migrated once here, so the two children never race to migrate
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-split-')),
        WEB_DIST_DIR: fixtureWebDist,
        MODERATION: 'false',
        LOG_LEVEL: 'info',
        DATABASE_URL: inject('testDatabaseUrl'),
        REDIS_URL: redisUrl,
        // Its own queues: other tests' servers share this Redis and must not take its jobs.
        REDIS_JOB_PREFIX: `split-${crypto.randomUUID().slice(0, 8)}`,
      };
      [web, worker] = await Promise.all([
        startChildServer({ ...env, PROCESS_ROLE: 'web' }),
        startChildServer({ ...env, PROCESS_ROLE: 'worker' }, (log) =>
          log.includes('worker taking jobs from Redis'),
        ),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([web?.stop(), worker?.stop()]);
    });

    it('answers HTTP on the web process while the worker runs the edit and the room design', async () => {
      const registered = await fetch(`${web.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: uniqueEmail(),
          password: 'correct horse battery',
          firstName: 'Ada',
          lastName: 'Lovelace',
        }),
      });
      expect(registered.status).toBe(201);
      const sid = /sid=([^;]+)/.exec(registered.headers.get('set-cookie') ?? '')?.[1];
      const cookie = `sid=${sid}`;

      const { imageUrl } = await uploadPhoto(web.base, cookie, '/api/save-original-image', 320);
      const edit = await fetch(`${web.base}/api/edit-image`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrl, prompt: 'make it brighter', numImages: 1 }),
      });
      expect(edit.status).toBe(200);
      const [resultUrl] = ((await edit.json()) as { edited_images: string[] }).edited_images;
      expect((await fetch(`${web.base}${resultUrl}`, { headers: { cookie } })).status).toBe(200);

      const { uploadId } = await uploadPhoto(web.base, cookie, '/api/upload-room', 400);
      const started = await fetch(`${web.base}/api/process-room/${uploadId}`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(started.status).toBe(202);
      let design: { status: string; variations: unknown[] } = { status: '', variations: [] };
      const deadline = Date.now() + 90_000;
      while (design.status !== 'completed' && design.status !== 'failed') {
        if (Date.now() > deadline) throw new Error(`the design stayed ${design.status}`);
        await new Promise((r) => setTimeout(r, 500));
        const res = await fetch(`${web.base}/api/room-upload/${uploadId}`, { headers: { cookie } });
        design = (await res.json()) as typeof design;
      }
      expect(design.status).toBe('completed');
      expect(design.variations).toHaveLength(4);

      expect(jobsRanBy(worker)).toEqual(
        expect.arrayContaining([`${EDIT_JOB} (worker)`, `${ROOM_DESIGN_JOB} (worker)`]),
      );
      expect(jobsRanBy(web)).toEqual([]);
      // ...and that is not for want of reading its log: the edit's request is in it.
      expect(logOf(web).some((entry) => entry.req?.url === '/api/edit-image')).toBe(true);
      // The worker answers no request: it listens on no port at all.
      await expect(fetch(`${worker.base}/api/health`)).rejects.toThrow();
    }, 180_000);
  });
