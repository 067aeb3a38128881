import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../../apps/server/src/app.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { insertSession } from '../../apps/server/src/platform/session.repository.ts';
import { hashToken, randomToken } from '../../apps/server/src/platform/secrets.ts';
import { ensureBalance } from '../../apps/server/src/platform/credits.repository.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Refusals the server gives on purpose (out of credits, rate limits): not errors. */
const DELIBERATE = new Set([402, 429]);

type Call = 'gallery page' | 'optimize-image' | 'upload' | 'edit-image';
const MIX: [Call, number][] = [
  ['gallery page', 5],
  ['optimize-image', 3],
  ['upload', 1],
  ['edit-image', 1],
];

function pick(): Call {
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [call, weight] of MIX) if ((r -= weight) < 0) return call;
  return 'gallery page';
}

/**
 * 50 signed-in clients mixing gallery pages, optimize-image, uploads and edits for 60 s against
 * one server (PGlite; PostgreSQL + Redis with LOAD_DATABASE_URL and REDIS_URL). Prints
 * throughput and p50/p99 per call; every answer other than 2xx, 402 or 429 counts as an error.
 */
export async function load() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-load-'));
  const databaseUrl = process.env.LOAD_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MODERATION: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 140, b: 90 } },
  })
    .jpeg()
    .toBuffer();

  const upload = async (cookie: string) => {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
    return fetch(`${base}/api/save-original-image`, { method: 'POST', headers: { cookie }, body });
  };
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const [user] = await database.db
        .insert(users)
        .values({
          email: `load-${crypto.randomUUID()}@example.test`,
          firstName: 'Load',
          lastName: 'Client',
          emailVerifiedAt: new Date(),
        })
        .returning();
      const token = randomToken();
      await insertSession(database.db, {
        idHash: hashToken(token),
        userId: user!.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      await ensureBalance(database.db, user!.id, 100);
      const cookie = `sid=${token}`;
      const { imageUrl } = (await (await upload(cookie)).json()) as { imageUrl: string };
      return { cookie, imageUrl };
    }),
  );

  const run = (call: Call, c: (typeof clients)[number]): Promise<Response> => {
    const headers = { cookie: c.cookie };
    if (call === 'gallery page') return fetch(`${base}/api/gallery/page?limit=24`, { headers });
    if (call === 'optimize-image') {
      const w = [160, 320, 640][Math.floor(Math.random() * 3)];
      const url = encodeURIComponent(c.imageUrl);
      return fetch(`${base}/api/optimize-image?url=${url}&w=${w}`, { headers });
    }
    if (call === 'upload') return upload(c.cookie);
    return fetch(`${base}/api/edit-image`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl: c.imageUrl, prompt: 'brighter', numImages: 1 }),
    });
  };

  const latencies = new Map<Call, number[]>(MIX.map(([call]) => [call, []]));
  const errors: string[] = [];
  let deliberate = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const call = pick();
        const t0 = performance.now();
        try {
          const res = await run(call, client);
          await res.arrayBuffer();
          if (DELIBERATE.has(res.status)) deliberate++;
          else if (res.status >= 400) errors.push(`${call}: ${res.status}`);
        } catch (error) {
          errors.push(`${call}: ${(error as Error).message}`);
        }
        latencies.get(call)!.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const kind = databaseUrl ? 'PostgreSQL + Redis' : 'PGlite';
  console.log(`\nLoad: ${CLIENTS} clients for ${SECONDS} s on ${kind}`);
  for (const [call, list] of latencies) {
    list.sort((a, b) => a - b);
    const at = (p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;
    console.log(
      `  ${call.padEnd(16)} ${String(list.length).padStart(6)} calls ${(list.length / elapsed).toFixed(1).padStart(7)}/s  p50 ${at(0.5).toFixed(0).padStart(6)} ms  p99 ${at(0.99).toFixed(0).padStart(6)} ms`,
    );
  }
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e, (counts.get(e) ?? 0) + 1);
  console.log(`  deliberate 402/429: ${deliberate}; errors: ${errors.length}`);
  for (const [e, n] of counts) console.log(`    ${n} × ${e}`);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
