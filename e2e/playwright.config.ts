import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5077);
/** A second server whose moderation refuses every image (moderation.spec.ts). */
const STRICT_MODERATION_PORT = port + 1;
const repoRoot = path.resolve(import.meta.dirname, '..');

function server(serverPort: number, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${serverPort}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-e2e-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      // Each run starts clean: no rate-limit counters or events shared through CI's Redis.
      REDIS_URL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      // Every journey registers its own accounts from one address.
      RATE_LIMIT_SCALE: '10',
      // Model inference and sharp hold libuv's threads for seconds; with the default 4, two
      // journeys' edits left the app's script files unread for 30 s (a page never started).
      UV_THREADPOOL_SIZE: '16',
      ...extraEnv,
    },
  };
}

const BATCH = '**/batch.spec.ts';
/**
 * Journeys with no edit to wait for (billing's spends are a dozen 300-pixel ones): they run
 * beside the batch, 2.7 minutes of journeys taken out of the two workers' shared time.
 */
const BESIDE_BATCH = ['auth', 'billing', 'languages', 'settings', 'two-factor'].map(
  (name) => `**/${name}.spec.ts`,
);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Journeys run against the real server (PGlite in a fresh data folder) serving the built app,
// in Debian's Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Two browsers, the server and its engine threads share 2 cores: steps take longer than on a
  // laptop, and the whole journey is what a timeout guards, not its speed.
  timeout: 60_000,
  // Edits really process pixels, on 2 cores shared with the server and its engine threads: an
  // edit can wait for one running image of the batch journey beside it (~20 s on CI).
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // One folder per port: runs side by side (another checkout, another port) keep their traces.
  outputDir: path.join(os.tmpdir(), `image-lab-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [server(port), server(STRICT_MODERATION_PORT, { MODERATION_THRESHOLD: '0' })],
  // The batch journey's ten White BG images hold the engine for minutes: a single edit of the
  // journey beside it waited past 30 s on CI's two cores. It runs last, beside the journeys
  // that make no edit of their own (BESIDE_BATCH), which kept the second worker idle.
  projects: [
    { name: 'journeys', testIgnore: [BATCH, ...BESIDE_BATCH] },
    { name: 'batch', testMatch: BATCH, dependencies: ['journeys'] },
    { name: 'beside the batch', testMatch: BESIDE_BATCH, dependencies: ['journeys'] },
  ],
});
