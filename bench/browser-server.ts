import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserBench {
  app: App;
  database: DatabaseHandle;
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The built web app served by the real server (PGlite in a temporary folder) on a free port, and
 * Debian's Chromium: what the browser benchmarks measure against. Builds the app when missing.
 */
export async function startBrowserBench(): Promise<BrowserBench> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('\napps/web/dist is missing: building it once (npm run build -w apps/web)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-bench-'));
  const database = await openDatabase({});
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
    }),
    database,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    app,
    database,
    origin,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
