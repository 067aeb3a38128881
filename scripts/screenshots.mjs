// Screenshots of pages for a person to look at: node scripts/screenshots.mjs <baseUrl> <outDir> <path>...
// Each path is taken at 375 and 1280 px wide, light and dark (add ?lng=de for other languages).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:5000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
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
for (const pagePath of paths.length ? paths : ['/']) {
  for (const width of [375, 1280]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      // SHOT_REGISTER=1 signs a fresh account in first, for screens behind sign-in.
      if (process.env.SHOT_REGISTER) {
        await context.request.post(`${baseUrl}/api/auth/register`, {
          data: {
            email: `shot-${Date.now()}-${Math.random()}@example.test`,
            password: 'screenshot pass',
            firstName: 'Shot',
          },
        });
      }
      const page = await context.newPage();
      await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${theme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
      await context.close();
    }
  }
}
await browser.close();
