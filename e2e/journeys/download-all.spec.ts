import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';
import { readZip } from '../support/zip.ts';

const downloadAll = async (page: Page) => {
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Download all' }).click();
};

test('download all: the session’s images as one zip, and No Images on an empty editor', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  await expect(page.getByRole('heading', { name: 'Image Editor' })).toBeVisible();

  // Nothing made yet: the catalogue's toast, and no request for an empty zip.
  await downloadAll(page);
  await expect(page.getByText('No Images', { exact: true })).toBeVisible();
  await expect(page.getByText('No images to download.', { exact: true })).toBeVisible();

  const position = page.getByTestId('history-position');
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');
  await page.getByLabel('Edit instructions').fill('make it brighter!');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  // Often the server's first edit: its engine thread starts (models load) beside other journeys.
  await expect(position).toHaveText('Image 2 of 2', { timeout: 30_000 });

  const saved = page.waitForEvent('download');
  await downloadAll(page);
  const download = await saved;
  expect(download.suggestedFilename()).toBe('image-lab-images.zip');
  await expect(page.getByText('Download Started', { exact: true })).toBeVisible();

  // The zip holds the upload and the edit, oldest first, named by the share file-name rule,
  // with the very bytes the server stores.
  const entries = readZip(fs.readFileSync(await download.path()));
  expect(entries.map((e) => e.name)).toEqual(['1-image.jpg', '2-make_it_brighter_.jpg']);
  const records = (await (await page.request.get('/api/edited-images')).json()) as {
    imageUrl: string;
    createdAt: string;
  }[];
  const urls = records
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((r) => r.imageUrl);
  expect(urls).toHaveLength(2);
  for (const [i, url] of urls.entries()) {
    const stored = await (await page.request.get(url)).body();
    expect(entries[i]!.data.equals(stored), url).toBe(true);
  }
});
