/* global document */
// Screenshots of the editor's states for a person to look at:
//   node scripts/editor-screenshots.mjs <baseUrl> <outDir>
// Empty, with an image, the 2×2 grid, crop mode and fullscreen, at 375 and 1280 px, light and
// dark, for a fresh signed-in account; and the guest editor.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:5000', outDir = '/tmp/editor-shots'] = process.argv.slice(2);
const photo = path.resolve(import.meta.dirname, '../packages/engine/test/fixtures/living-room.jpg');
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function shoot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  // Optimised variants render on first request: wait until every image on screen has loaded.
  await page
    .waitForFunction(
      () => [...document.images].every((i) => i.complete && i.naturalWidth > 0),
      null,
      {
        timeout: 20_000,
      },
    )
    .catch(() => console.warn(`${name}: some images did not load`));
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  console.log(file);
}

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await context.request.post(`${baseUrl}/api/auth/register`, {
      data: {
        email: `shot-${Date.now()}-${Math.random()}@example.test`,
        password: 'screenshot pass',
        firstName: 'Shot',
      },
    });
    const page = await context.newPage();
    const tag = `${width}-${theme}`;
    await page.goto(`${baseUrl}/editor`, { waitUntil: 'networkidle' });
    await shoot(page, `editor-empty-${tag}`);
    await page.getByTestId('image-file-input').setInputFiles(photo);
    await page.getByTestId('canvas-image').waitFor();
    await shoot(page, `editor-image-${tag}`);
    await page.getByLabel('4 images per request').click();
    await page.getByLabel('Edit instructions').fill('warmer and more contrast');
    await page.getByRole('button', { name: 'Send to AI' }).click();
    await page.getByText('Click to edit').first().waitFor({ timeout: 60_000 });
    await shoot(page, `editor-grid-${tag}`);
    await page.getByText('Click to edit').first().click();
    await page.getByRole('button', { name: 'Crop' }).click();
    await shoot(page, `editor-crop-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('canvas-image').dblclick();
    await shoot(page, `editor-fullscreen-${tag}`);
    await context.close();

    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    await visitor.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const guestPage = await visitor.newPage();
    await guestPage.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await guestPage.getByRole('button', { name: 'Try it without an account' }).click();
    await guestPage.getByTestId('image-file-input').setInputFiles(photo);
    await guestPage.getByTestId('canvas-image').waitFor();
    await shoot(guestPage, `guest-editor-${tag}`);
    await visitor.close();
  }
}
await browser.close();
