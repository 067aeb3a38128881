import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { insertSession } from '../../apps/server/src/platform/session.repository.ts';
import { hashToken, randomToken } from '../../apps/server/src/platform/secrets.ts';
import { insertImages } from '../../apps/server/src/features/images/images.repository.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db.ts';
import { newImageKey, readAll } from '../../apps/server/src/platform/storage.ts';
import { measure, report } from '../lib.ts';

const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/** `count` photos of `width` px made from the licensed fixture; ten distinct ones, repeated. */
async function photos(count: number, width: number): Promise<Buffer[]> {
  const distinct = await Promise.all(
    Array.from({ length: Math.min(count, 10) }, (_, i) =>
      sharp(photo)
        .resize(width, Math.round((width * 2) / 3), { fit: 'cover' })
        .linear(1 + i * 0.03, -i)
        .jpeg({ quality: 95 })
        .toBuffer(),
    ),
  );
  return Array.from({ length: count }, (_, i) => distinct[i % distinct.length]!);
}

/** An account holding `count` stored images (files written directly, rows in one insert). */
async function accountWith(app: App, database: DatabaseHandle, name: string, files: Buffer[]) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${name}-${Date.now()}@example.test`, emailVerifiedAt: new Date() })
    .returning();
  const token = randomToken();
  await insertSession(database.db, {
    idHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const keys = files.map(() => newImageKey(user!.id, 'jpg'));
  await Promise.all(keys.map((key, i) => app.storage.put(key, files[i]!, 'image/jpeg')));
  await insertImages(
    database.db,
    keys.map((key, i) => ({
      accountId: user!.id,
      storageKey: key,
      kind: 'uploaded' as const,
      model: 'upload',
      prompt: `bench photo ${i}`,
      filename: `bench-${i}`,
      width: 1,
      height: 1,
      bytes: files[i]!.length,
      contentType: 'image/jpeg',
    })),
  );
  return {
    headers: { cookie: `sid=${token}` },
    images: keys.map((k) => ({ url: `/uploads/${k}` })),
  };
}

/** POSTs for the zip over real HTTP and drops the bytes as they come, like a saving browser. */
function downloadZip(port: number, headers: Record<string, string>, images: { url: string }[]) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/download-all-images' },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`zip answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setHeader(name, value);
    request.end(JSON.stringify({ images }));
  });
}

/** Peak resident memory above the level at the start, sampled every 2 ms while `task` runs. */
async function peakRssGrowth(task: () => Promise<unknown>): Promise<number> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  try {
    await task();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss()) - start;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Download all: a 40-image zip over HTTP next to streaming the same files out of storage alone,
 * and how much the process's memory grows while a ~100 MB zip streams through it, next to what
 * holding the same files in memory would cost.
 */
export async function downloadAll() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-bench-'));
  const database = await openDatabase({});
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    database,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;

  const forty = await accountWith(app, database, 'forty', await photos(40, 2400));
  const keys = forty.images.map((i) => i.url.slice('/uploads/'.length));
  let total = 0;
  for (const key of keys)
    total += (await fs.promises.stat(path.join(dataDir, 'uploads', key))).size;
  console.log(`\n40 stored photos, ${mb(total)} in all`);

  // The rate limit allows 10 zips a minute per account: 1 warm-up + 6 measured.
  const options = { total: 6, concurrency: 1, warmup: 1 };
  const readAlone = await measure(
    'storage alone: stream the 40 files',
    async () => {
      for (const key of keys) await readAll((await app.storage.get(key))!);
    },
    { total: 20, concurrency: 1, warmup: 3 },
  );
  const zip = await measure(
    'POST /api/download-all-images (40, HTTP)',
    () => downloadZip(port, forty.headers, forty.images),
    options,
  );
  report('Download all, 40 photos', [readAlone, zip], readAlone);
  const zipBytes = await downloadZip(port, forty.headers, forty.images);
  console.log(
    `  zip ${mb(zipBytes)} for ${mb(total)} of photos; ${((total / 1024 / 1024) * zip.opsPerSecond).toFixed(0)} MB/s through the zip`,
  );

  const files = await photos(100, 3200);
  const hundred = await accountWith(app, database, 'hundred', files);
  const size = files.reduce((sum, f) => sum + f.length, 0);
  const hundredKeys = hundred.images.map((i) => i.url.slice('/uploads/'.length));
  // One run first, so code paths and buffers are warm and only the zip's own memory is measured.
  await downloadZip(port, hundred.headers, hundred.images.slice(0, 5));
  const zipGrowth = await peakRssGrowth(() => downloadZip(port, hundred.headers, hundred.images));
  const held: Buffer[] = [];
  const bufferedGrowth = await peakRssGrowth(async () => {
    for (const key of hundredKeys) held.push(await readAll((await app.storage.get(key))!));
  });
  console.log(`\nMemory while zipping 100 photos, ${mb(size)} (peak RSS growth of this process)`);
  console.log(
    `  ${'streamed zip (server and client here)'.padEnd(44)} ${mb(zipGrowth).padStart(9)}`,
  );
  console.log(
    `  ${'the same files held in memory (reference)'.padEnd(44)} ${mb(bufferedGrowth).padStart(9)}  (${held.length} files)`,
  );

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
