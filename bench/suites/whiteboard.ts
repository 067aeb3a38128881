import { repoRoot, startBrowserBench } from '../browser-server.ts';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { insertSession } from '../../apps/server/src/platform/session.repository.ts';
import { hashToken, randomToken } from '../../apps/server/src/platform/secrets.ts';
import { insertImages } from '../../apps/server/src/features/images/images.repository.ts';
import { newImageKey } from '../../apps/server/src/platform/storage.ts';
import { UPLOADED_IMAGE_PROMPT } from '@image-lab/contract';

const photo = path.join(repoRoot, 'packages/engine/test/fixtures/living-room.jpg');
const IMAGES = 200;
const PER_ROW = 20;
const GESTURE_MS = 4000;
const VIEWPORT = { width: 1280, height: 800 };
// What Chromium asks optimize-image for, so the warmed copies are the ones it gets.
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** The few browser globals the page scripts use (this package is type-checked without the DOM). */
interface PageGlobals {
  __frames: number[];
  __running: boolean;
  document: { querySelectorAll(selector: string): { length: number } };
}

interface Frames {
  fps: number;
  p95Ms: number;
  longFrames: number;
}

/** Frame times from requestAnimationFrame while `gesture` runs. */
async function framesDuring(page: Page, gesture: () => Promise<void>): Promise<Frames> {
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__running = true;
    const tick = (t) => {
      if (!window.__running) return;
      window.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await gesture();
  const times = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    w.__running = false;
    return w.__frames;
  });
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  const sorted = [...gaps].sort((a, b) => a - b);
  const elapsed = times.at(-1)! - times[0]!;
  return {
    fps: (gaps.length / elapsed) * 1000,
    p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    longFrames: gaps.filter((g) => g > 50).length,
  };
}

/** Drags the board around a circle in drag mode, one mouse move every few milliseconds. */
async function pan(page: Page) {
  await page.getByRole('button', { name: 'Drag mode (H)' }).click();
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  // Around a point clear of the empty board's centred card.
  const cx = box.x + 220;
  const cy = box.y + 220;
  await page.mouse.move(cx + 150, cy);
  await page.mouse.down();
  const start = Date.now();
  for (let i = 0; Date.now() - start < GESTURE_MS; i++) {
    const angle = i / 15;
    await page.mouse.move(cx + 150 * Math.cos(angle), cy + 150 * Math.sin(angle));
  }
  await page.mouse.up();
}

/** Wheel zooming in and out about moving points. */
async function zoom(page: Page) {
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  const start = Date.now();
  for (let i = 0; Date.now() - start < GESTURE_MS; i++) {
    await page.mouse.move(box.x + box.width * (0.3 + (i % 7) / 17), box.y + box.height / 2);
    await page.mouse.wheel(0, Math.floor(i / 12) % 2 === 0 ? -60 : 60);
  }
}

async function openBoard(browser: Browser, origin: string, cookie: string, count: number) {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT });
  await context.addCookies([{ name: 'sid', value: cookie, url: origin }]);
  // Room for every thumbnail in the resource timings (Chromium keeps 250 by default).
  await context.addInitScript('performance.setResourceTimingBufferSize(2000)');
  const page = await context.newPage();
  await page.goto('/whiteboard');
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  await page.waitForFunction(
    (n) =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll(
        '[data-testid="board-items"] li',
      ).length === n,
    count,
  );
  // Every thumbnail in and decoded before measuring.
  await page.waitForFunction(
    (n) =>
      new Set(
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((name) => name.includes('/api/optimize-image')),
      ).size >= n,
    count,
    { timeout: 120_000 },
  );
  await page.waitForTimeout(1000);
  const panned = await framesDuring(page, () => pan(page));
  const zoomed = await framesDuring(page, () => zoom(page));
  await context.close();
  return { panned, zoomed };
}

/**
 * The whiteboard with 200 images against an empty one, in the same Chromium and run: frame rate
 * measured with requestAnimationFrame while the board is panned (drag mode) and zoomed (wheel).
 */
export async function whiteboard() {
  const bench = await startBrowserBench();
  const { app, database, origin, browser } = bench;
  try {
    const cookies: string[] = [];
    const accountIds: string[] = [];
    for (const name of ['full', 'empty']) {
      const [user] = await database.db
        .insert(users)
        .values({
          email: `whiteboard-${name}-${Date.now()}@example.test`,
          emailVerifiedAt: new Date(),
        })
        .returning();
      const token = randomToken();
      await insertSession(database.db, {
        idHash: hashToken(token),
        userId: user!.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      cookies.push(token);
      accountIds.push(user!.id);
    }

    // 200 distinct photos (one per hue), stored as uploads are (the upload route allows 60 a
    // minute), and their thumbnails warmed as Chromium will ask for them.
    const base = await sharp(photo).resize({ width: 400 }).toBuffer();
    const started = Date.now();
    const rows = [];
    for (let i = 0; i < IMAGES; i++) {
      const bytes = await sharp(base)
        .modulate({ hue: Math.round((i * 360) / IMAGES) })
        .jpeg({ quality: 80 })
        .toBuffer();
      const storageKey = newImageKey(accountIds[0]!, 'jpg');
      await app.storage.put(storageKey, bytes, 'image/jpeg');
      rows.push({
        accountId: accountIds[0]!,
        storageKey,
        kind: 'uploaded' as const,
        model: 'upload',
        prompt: UPLOADED_IMAGE_PROMPT,
        filename: `p${i}.jpg`,
        width: 400,
        height: 300,
        bytes: bytes.length,
        contentType: 'image/jpeg',
      });
    }
    await insertImages(database.db, rows);
    const urls = rows.map((r) => `/uploads/${r.storageKey}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        while (next < IMAGES) {
          const thumb = `${origin}/api/optimize-image?url=${encodeURIComponent(urls[next++]!)}&w=320`;
          await (await fetch(thumb, { headers: { accept: BROWSER_ACCEPT } })).arrayBuffer();
        }
      }),
    );
    const items = urls.map((imageUrl, i) => ({
      id: `b${i}`,
      imageUrl,
      x: (i % PER_ROW) * 220,
      y: Math.floor(i / PER_ROW) * 170,
      width: 200,
      height: 150,
      rotation: (i % 5) * 3 - 6,
      zIndex: i + 1,
    }));
    // The view that shows all 200 at once: 4,400 × 1,700 board units in a 1280 px wide board.
    const view = { x: -40, y: -40, scale: 0.27 };
    for (const [cookie, list] of [
      [cookies[0], items],
      [cookies[1], []],
    ] as const) {
      const res = await fetch(`${origin}/api/whiteboard`, {
        method: 'PUT',
        headers: { cookie: `sid=${cookie}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: 0, document: { schemaVersion: 2, items: list, view } }),
      });
      if (!res.ok) throw new Error(`PUT /api/whiteboard: ${res.status} ${await res.text()}`);
    }
    console.log(
      `\nWhiteboard frame rate (Chromium --disable-gpu, ${VIEWPORT.width}×${VIEWPORT.height}; setup of ${IMAGES} uploads and thumbnails ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    const empty = await openBoard(browser, origin, cookies[1]!, 0);
    const full = await openBoard(browser, origin, cookies[0]!, IMAGES);
    const row = (name: string, a: Frames, b: Frames) =>
      console.log(
        `  ${name.padEnd(22)} empty ${a.fps.toFixed(1).padStart(5)} fps (p95 ${a.p95Ms.toFixed(1)} ms, ${a.longFrames} long)   ${IMAGES} images ${b.fps.toFixed(1).padStart(5)} fps (p95 ${b.p95Ms.toFixed(1)} ms, ${b.longFrames} long)   ratio ${(b.fps / a.fps).toFixed(2)}x`,
      );
    row('pan (drag mode)', empty.panned, full.panned);
    row('zoom (wheel)', empty.zoomed, full.zoomed);
    console.log(
      '  long: frames over 50 ms. The ratio is the 200-image board’s frame rate over the empty one’s.',
    );
  } finally {
    await bench.close();
  }
}
