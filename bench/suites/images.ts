import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  CAR_PRESETS,
  STYLE_PRESETS,
  applyPreset,
  createLocalProvider,
} from '../../packages/engine/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { insertSession } from '../../apps/server/src/platform/session.repository.ts';
import { hashToken, randomToken } from '../../apps/server/src/platform/secrets.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { measure, report } from '../lib.ts';

const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/** A 12-megapixel (4000×3000) photograph made from the licensed fixture. */
async function twelveMegapixels(): Promise<Buffer> {
  return sharp(photo)
    .resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function time<T>(task: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await task();
  return performance.now() - t0;
}

/**
 * Image delivery and generation, each next to what it is built on, in one run:
 * optimize-image (cold) against sharp alone, cache hits, every preset on 12 MP, and the cost
 * of /api/edit-image over the engine's own time.
 */
export async function images() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-bench-'));
  const database = await openDatabase({});
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      STARTING_CREDITS: '100000',
    }),
    database,
  });
  await app.ready();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'bench@example.test', emailVerifiedAt: new Date() })
    .returning();
  const token = randomToken();
  await insertSession(database.db, {
    idHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const headers = { cookie: `sid=${token}` };

  const big = await twelveMegapixels();
  const uploadForm = new FormData();
  uploadForm.append('image', new Blob([new Uint8Array(big)]), 'big.jpg');
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/save-original-image',
    headers,
    payload: uploadForm,
  });
  const { imageUrl } = uploaded.json() as { imageUrl: string };
  const stored = fs.readFileSync(path.join(dataDir, 'uploads', imageUrl.slice('/uploads/'.length)));
  const { width, height } = await sharp(stored).metadata();
  console.log(`\nStored photo: ${width}×${height} (${(stored.length / 1e6).toFixed(1)} MB)`);

  // Cold: every request asks for a quality not seen before, so each one renders.
  let q = 30;
  let qDirect = 30;
  const options = { total: 24, concurrency: 2, warmup: 2 };
  const direct = await measure(
    'sharp alone: read + resize 1280 + WebP',
    async () =>
      sharp(await fs.promises.readFile(path.join(dataDir, 'uploads', imageUrl.slice(9))))
        .rotate()
        .resize({ width: 1280 })
        .webp({ quality: qDirect++ })
        .toBuffer(),
    options,
  );
  const cold = await measure(
    'GET /api/optimize-image (cold, WebP 1280)',
    async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/optimize-image?url=${encodeURIComponent(imageUrl)}&w=1280&q=${q++}`,
        headers: { accept: 'image/webp' },
      });
      if (res.statusCode !== 200) throw new Error(`optimize-image answered ${res.statusCode}`);
    },
    options,
  );
  report('optimize-image, cold', [direct, cold], direct);

  const hitUrl = `/api/optimize-image?url=${encodeURIComponent(imageUrl)}&w=640&q=80`;
  const hit = await measure(
    'GET /api/optimize-image (cache hit)',
    () => app.inject({ method: 'GET', url: hitUrl, headers: { accept: 'image/webp' } }),
    { total: 400, concurrency: 4, warmup: 20 },
  );
  const health = await measure(
    'GET /api/health (reference)',
    () => app.inject({ method: 'GET', url: '/api/health' }),
    { total: 400, concurrency: 4, warmup: 20 },
  );
  report('optimize-image, cache hit', [health, hit], health);

  console.log('\nPresets on a 12-megapixel photo (engine alone; ratio to a plain JPEG re-encode)');
  const reencode = await time(() => sharp(big).jpeg({ quality: 92 }).toBuffer());
  console.log(
    `  ${'JPEG decode + encode (reference)'.padEnd(36)} ${reencode.toFixed(0).padStart(6)} ms`,
  );
  for (const preset of [...STYLE_PRESETS, ...CAR_PRESETS, ...(['brighten', 'sharpen'] as const)]) {
    const ms = await time(() => applyPreset(big, preset));
    console.log(
      `  ${preset.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / reencode).toFixed(1)}x`,
    );
  }

  const provider = createLocalProvider();
  const engineOnly = await measure(
    'engine: edit "brighter" on the stored photo',
    () => provider.edit!({ image: stored, prompt: 'brighter', numImages: 1 }),
    { total: 6, concurrency: 1, warmup: 1 },
  );
  const viaApi = await measure(
    'POST /api/edit-image "brighter"',
    async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers,
        payload: { imageUrl, prompt: 'brighter' },
      });
      if (res.statusCode !== 200)
        throw new Error(`edit-image answered ${res.statusCode}: ${res.body}`);
    },
    { total: 6, concurrency: 1, warmup: 1 },
  );
  report('edit-image overhead over the engine', [engineOnly, viaApi], engineOnly);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
