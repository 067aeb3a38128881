import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signUpAndVerify } from '../support/editor.ts';
import { readZip, yazlZip } from '../support/zip.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../packages/engine/test/fixtures');
// Subjects a White BG is for (a person, a cup, a cat): a whole room is not one.
const PHOTOS = ['astronaut.png', 'coffee.png', 'cat.png'];

/** Ten small photos (White BG runs the ISNet model: several seconds per image on 2 cores). */
async function uploadTen(page: Page) {
  for (let i = 0; i < 10; i++) {
    const name = PHOTOS[i % PHOTOS.length]!;
    const data = await sharp(fs.readFileSync(path.join(FIXTURES, name)))
      .resize({ width: 200 + (i % 3) * 20 })
      .jpeg({ quality: 85 })
      .toBuffer();
    const answer = await page.request.post('/api/save-original-image', {
      multipart: {
        image: { name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: data },
      },
    });
    expect(answer.status()).toBe(200);
  }
}

const credits = (page: Page) => page.getByTestId('credits-badge');

// Issue 22, "Judged by": select 10 images → apply White BG → progress → cancel one → the zip
// holds 9 images and 1 credit came back.
test('a batch: ten images through White BG, one cancelled, nine in the zip, one credit back', async ({
  page,
}, testInfo) => {
  test.setTimeout(480_000);
  await signUpAndVerify(page);
  await uploadTen(page);
  await page.goto('/editor?view=gallery');
  await expect(page.getByTestId('gallery-count')).toHaveText('10 images');
  await expect(credits(page)).toContainText('100');

  // Select: the first tile's checkbox, then Shift-click the last for the range.
  const boxes = page.getByRole('checkbox', { name: /^Select / });
  await boxes.first().focus();
  await page.keyboard.press('Space');
  await boxes.last().click({ modifiers: ['Shift'], force: true });
  await expect(page.getByTestId('gallery-count')).toHaveText('10 selected');

  await page.getByRole('button', { name: 'Apply to 10 images…' }).click();
  const dialog = page.getByTestId('batch-dialog');
  await expect(dialog.getByRole('heading', { name: 'Apply to 10 images' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'White BG' }).click();
  await dialog.getByLabel('Name of the new project').fill('Stock');
  await expect(dialog).toContainText('Costs 10 credits (1 per image).');
  await expectNoAxeViolations(page, 'the batch dialog');
  await dialog.getByRole('button', { name: 'Start batch' }).click();

  // The queue opens on the batch: ten reserved at once, images running, time left.
  const sheet = page.getByTestId('queue-sheet');
  await expect(sheet.getByRole('heading', { name: 'White BG' })).toBeVisible();
  await expect(sheet.getByText('Into the project “Stock”')).toBeVisible();
  await expect(credits(page)).toContainText('90');
  await expect(sheet.getByTestId('batch-credits')).toContainText('10 credits reserved');
  await expect(
    sheet.locator('[data-testid="batch-item"][data-status="running"]').first(),
  ).toBeVisible();
  await expect(sheet.getByTestId('batch-status')).toContainText(/left/);
  await expectNoAxeViolations(page, 'the queue on a running batch');

  // Cancel the last image (the oldest: the gallery lists newest first) while it waits: its
  // credit comes back at once.
  const last = sheet.getByTestId('batch-item').last();
  await expect(last).toHaveAttribute('data-status', 'queued');
  await expect(last).toContainText('photo-1');
  await last.getByRole('button', { name: 'Cancel photo-1' }).click();
  await expect(last).toHaveAttribute('data-status', 'cancelled');
  await expect(credits(page)).toContainText('91');

  // The others finish one by one.
  await expect(sheet.getByTestId('batch-status')).toHaveText('9 of 10 finished · 1 cancelled', {
    timeout: 400_000,
  });
  await expect(sheet.getByTestId('batch-credits')).toHaveText('9 credits used · 1 credit refunded');
  await expect(credits(page)).toContainText('91');

  const saved = page.waitForEvent('download');
  await sheet.getByTestId('batch-download').click();
  const download = await saved;
  const entries = readZip(fs.readFileSync(await download.path()));
  expect(entries).toHaveLength(9);
  const names = entries.map((e) => e.name);
  expect(names.filter((name) => /-photo_1\.jpg$/.test(name))).toEqual([]);
  expect(names.filter((name) => /-photo_10\.jpg$/.test(name))).toHaveLength(1);
  // Every result is a picture on a white background: its corners are white. (The results are
  // kept beside the test's trace, to look at when this fails.)
  for (const entry of entries) {
    fs.writeFileSync(testInfo.outputPath(entry.name), entry.data);
    const corner = await sharp(entry.data)
      .extract({ left: 0, top: 0, width: 8, height: 8 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const mean = [0, 1, 2].map(
      (c) => corner.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / 64,
    );
    expect(Math.min(...mean), entry.name).toBeGreaterThan(235);
  }

  // The queue lists it among today's finished batches.
  await sheet.getByRole('button', { name: 'All jobs' }).click();
  await expect(sheet.getByText('Nothing waits or runs right now.')).toBeVisible();
  await expect(sheet.getByTestId('queue-batch')).toContainText('White BG');
  await expectNoAxeViolations(page, 'the queue');
});

test('a folder: its images go up, other files are named and left out, the dialog opens with them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-folder-'));
  for (const name of PHOTOS) {
    const data = await sharp(fs.readFileSync(path.join(FIXTURES, name)))
      .resize({ width: 160 })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(folder, name.replace(/\.\w+$/, '.jpg')), data);
  }
  fs.writeFileSync(path.join(folder, 'prices.txt'), 'not a photo');
  fs.writeFileSync(path.join(folder, '.DS_Store'), 'finder');
  await page.goto('/editor?view=gallery');
  await page.getByTestId('batch-folder-input').setInputFiles(folder);
  await expect(
    page.getByText('1 file is not an image and was left out', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(`${path.basename(folder)}/prices.txt`, { exact: true }),
  ).toBeVisible();
  const dialog = page.getByTestId('batch-dialog');
  await expect(dialog.getByRole('heading', { name: 'Apply to 3 images' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('gallery-count')).toHaveText('3 images');

  // A zip with something that is not a photo: refused whole, the entry named.
  const zip = await yazlZip([
    { name: 'cars/one.jpg', data: fs.readFileSync(path.join(folder, 'cat.jpg')) },
    { name: 'cars/readme.txt', data: Buffer.from('hello') },
  ]);
  await page
    .getByTestId('batch-files-input')
    .setInputFiles({ name: 'cars.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      '“readme.txt” is not an image. A zip may hold only JPEG, PNG, WebP, AVIF and HEIC images.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByTestId('gallery-count')).toHaveText('3 images');
});
