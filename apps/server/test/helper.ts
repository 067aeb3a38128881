import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixtureWebDist = path.join(here, 'fixtures/web-dist');

let shared: Promise<DatabaseHandle> | undefined;

/** The run's one migrated database: in-memory PGlite, or the fresh PostgreSQL database. */
export function testDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const databaseUrl = inject('testDatabaseUrl');
    if (!databaseUrl) throw new Error('the PostgreSQL test database was not created');
    shared ??= openDatabase({ databaseUrl });
  }
  shared ??= openDatabase({});
  return shared;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: fixtureWebDist,
    LOG_LEVEL: 'silent',
    // The PGlite and PostgreSQL runs go side by side (scripts/test-unit.mjs) on one Redis: a queued
    // job must never be taken by the other run's worker, which reads another database.
    REDIS_JOB_PREFIX: `image-lab-test-${process.pid}`,
    ...overrides,
  });
}

/** An app per test file, as fastify/demo does; call it with app.inject. */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  parts: Pick<BuildOptions, 'storage' | 'engine' | 'jobs'> = {},
): Promise<App> {
  const app = await buildApp({
    config: testConfig(overrides),
    database: await testDatabase(),
    ...parts,
  });
  await app.ready();
  return app;
}
