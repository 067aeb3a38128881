import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { insertSession } from '../src/platform/session.repository.ts';
import { hashToken, randomToken } from '../src/platform/secrets.ts';
import { BullJobRunner } from '../src/platform/jobs.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

const redisUrl = process.env.REDIS_URL;

/** An SSE reader that records when each event arrived. */
function listen(body: ReadableStream<Uint8Array>) {
  const arrivals: Array<{ type: string; data: unknown; at: number }> = [];
  let buffer = '';
  // The server writes its first bytes only once the stream is subscribed.
  let markOpen = () => {};
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value);
      markOpen();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (type) arrivals.push({ type, data: JSON.parse(data ?? 'null'), at: Date.now() });
      }
    }
  })();
  // An event is handed out once: a step that starts in the millisecond the last event arrived
  // must not be answered by that event again.
  const taken = new Set<(typeof arrivals)[number]>();
  const next = async (type: string, after: number) => {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = arrivals.find((a) => a.type === type && a.at >= after && !taken.has(a));
      if (found) {
        taken.add(found);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no ${type}; got ${JSON.stringify(arrivals)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { opened, next, stop: () => reader.cancel().then(() => pump) };
}

// Runs where a Redis server is configured (CI sets REDIS_URL): two server processes share the
// database, the stored files and Redis, as two instances behind a load balancer would.
if (redisUrl)
  describe('a second device on another server process (REDIS_URL)', () => {
    let first: App;
    let second: App;
    let secondBase: string;

    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-two-'));
      const prefix = `image-lab-test-${crypto.randomUUID()}`;
      const build = () =>
        buildTestApp(
          { REDIS_URL: redisUrl, DATA_DIR: dataDir },
          { jobs: new BullJobRunner(redisUrl, 1, prefix) },
        );
      [first, second] = await Promise.all([build(), build()]);
      await second.listen({ port: 0, host: '127.0.0.1' });
      secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
    });

    it('sees new images, credit changes and deletions made through the first within a second', async () => {
      expect(first.events.kind).toBe('redis');
      const device1 = await newSignedInUser(first);
      await setCredits(first, device1.user.id, 5);
      // The same account signed in again, on another device talking to the other process.
      const token = randomToken();
      await insertSession(second.database.db, {
        idHash: hashToken(token),
        userId: device1.user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      const res = await fetch(`${secondBase}/api/events`, {
        headers: { cookie: `sid=${token}` },
      });
      expect(res.status).toBe(200);
      const stream = listen(res.body!);
      await stream.opened;

      let started = Date.now();
      const uploaded = await upload(
        first,
        device1.headers,
        await smallPhoto('living-room.jpg', 320),
      );
      expect(uploaded.statusCode).toBe(200);
      const created = await stream.next('images-updated', started);
      expect(created.at - started).toBeLessThan(1000);
      expect(created.data).toEqual({ reason: 'uploaded', ids: [uploaded.json().id] });

      started = Date.now();
      const edit = await first.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers: device1.headers,
        payload: { imageUrl: uploaded.json().imageUrl, prompt: 'make it brighter', numImages: 1 },
      });
      expect(edit.statusCode).toBe(200);
      const credits = await stream.next('credits-updated', started);
      expect(credits.data).toMatchObject({ creditsRemaining: 4 });
      const result = await stream.next('images-updated', started);
      expect(result.data).toMatchObject({ reason: 'generated' });

      // What the first process stored, the second serves.
      const [resultUrl] = edit.json().edited_images as string[];
      const served = await fetch(`${secondBase}${resultUrl}`, {
        headers: { cookie: `sid=${token}` },
      });
      expect(served.status).toBe(200);
      // and, like every private file, to nobody else.
      expect((await fetch(`${secondBase}${resultUrl}`)).status).toBe(404);

      started = Date.now();
      const deleted = await first.inject({
        method: 'POST',
        url: '/api/gallery/delete',
        headers: device1.headers,
        payload: { ids: [uploaded.json().id] },
      });
      expect(deleted.json()).toMatchObject({ deleted: 1 });
      const gone = await stream.next('images-updated', started);
      expect(gone.at - started).toBeLessThan(1000);
      expect(gone.data).toEqual({ reason: 'deleted', ids: [uploaded.json().id] });

      const listed = await fetch(`${secondBase}/api/gallery`, {
        headers: { cookie: `sid=${token}` },
      });
      const ids = ((await listed.json()) as Array<{ id: string }>).map((i) => i.id);
      expect(ids).not.toContain(uploaded.json().id);
      await stream.stop();
    });
  });

// Without Redis one process serves alone (the embedded default): nothing leaves it.
if (!redisUrl)
  describe('one server process (no REDIS_URL)', () => {
    it('keeps its live events and its jobs inside this process', async () => {
      const app = await buildTestApp();
      try {
        expect(app.events.kind).toBe('local');
        expect(app.jobs.kind).toBe('local');
      } finally {
        await app.close();
      }
    });
  });
