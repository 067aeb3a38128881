import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { insertSession } from '../../apps/server/src/platform/session.repository.ts';
import { hashToken, randomToken } from '../../apps/server/src/platform/secrets.ts';
import { pageQuery } from '../../apps/server/src/features/gallery/gallery.repository.ts';
import { encodeCursor } from '../../apps/server/src/features/gallery/gallery.service.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db.ts';
import { measure, report } from '../lib.ts';

const IMAGES = 100_000;
const DEEP = 90_000;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * The gallery screen's keyset pages over 100,000 images of one account (PGlite on disk, through
 * app.inject), side by side with GET /api/health, plus the plans that show the index at work.
 */
export async function gallery() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-bench-gallery-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    database,
  });
  await app.ready();
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: 'gallery-bench@example.test', emailVerifiedAt: new Date() })
    .returning();
  const accountId = user!.id;
  const token = randomToken();
  await insertSession(db, {
    idHash: hashToken(token),
    userId: accountId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const headers = { cookie: `sid=${token}` };

  const t0 = performance.now();
  // One statement: a quarter generated, 1 % favourites, positions as creation milliseconds.
  await db.execute(sql`
    insert into images (account_id, storage_key, kind, model, prompt, filename, width, height,
      aspect_ratio, bytes, content_type, favorite, position, created_at)
    select ${accountId}::uuid, 'images/' || ${accountId} || '/' || g || '.jpg',
      case when g % 4 = 0 then 'generated' else 'uploaded' end, 'bench', 'prompt ' || g,
      'image-' || g, 1024, 768, '4:3', 100000, 'image/jpeg', g % 100 = 0,
      1.7e12 + g * 1000.0, now() - (${IMAGES} - g) * interval '1 second'
    from generate_series(1, ${IMAGES}) as g`);
  await db.execute(sql`analyze images`);
  console.log(
    `\nGallery: ${IMAGES.toLocaleString('en')} images in one account, inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const [deep] = await rowsOf<{ id: string; position: number }>(
    db,
    sql`select id, position from images where account_id = ${accountId}::uuid
        order by position desc, id desc offset ${DEEP - 1} limit 1`,
  );
  const deepKey = { id: deep!.id, position: Number(deep!.position) };
  const deepCursor = encodeCursor(deepKey);

  const get = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  };
  const options = { total: 200, concurrency: 1, warmup: 50 };
  // Settle first: the bulk insert leaves garbage for the collector that would land on one suite.
  await measure('settle', get('/api/health'), { ...options, total: 300 });
  const health = await measure('GET /api/health (reference)', get('/api/health'), options);
  const samples = [
    health,
    await measure('GET /api/gallery/page (first 50)', get('/api/gallery/page'), options),
    await measure(
      `GET /api/gallery/page (50 after row ${DEEP.toLocaleString('en')})`,
      get(`/api/gallery/page?cursor=${deepCursor}`),
      options,
    ),
    await measure(
      'GET /api/gallery/page?type=generated',
      get('/api/gallery/page?type=generated'),
      options,
    ),
    await measure(
      'GET /api/gallery/page?favorites=true',
      get('/api/gallery/page?favorites=true'),
      options,
    ),
    await measure('GET /api/gallery (list of 100)', get('/api/gallery'), options),
  ];
  report(
    'Gallery pages (p50/p99 over 200 requests each; ratio of throughput to health)',
    samples,
    health,
  );
  for (const s of samples.slice(1)) {
    console.log(`  ${s.name.padEnd(44)} p50 ${(s.p50Ms / health.p50Ms).toFixed(1)}x of health`);
  }

  for (const [name, after] of [
    ['first page', undefined],
    [`page after row ${DEEP}`, deepKey],
  ] as const) {
    const query = pageQuery(db, accountId, { type: 'all' }, after, 50);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, costs off, timing off, summary on) ${query}`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n    ');
    const used = text.includes('images_account_position_idx') ? 'uses' : 'DOES NOT use';
    console.log(`\n  EXPLAIN ${name} (${used} images_account_position_idx):\n    ${text}`);
  }

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
