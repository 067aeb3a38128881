import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

interface OwnItem {
  id: string;
  url: string;
  filename: string;
}

/** Every address a stored image is served from: the file, two renditions, a blur, a download. */
const addressesOf = (url: string) => {
  const q = encodeURIComponent(url);
  return [
    url,
    `/api/optimize-image?url=${q}&w=320`,
    `/api/optimize-image?url=${q}&w=640`,
    `/api/optimize-image?url=${q}&blur=true`,
    `/api/download-image?url=${q}&filename=room.jpg&format=jpg`,
  ];
};

async function statuses(request: APIRequestContext, addresses: string[]) {
  return Promise.all(addresses.map(async (address) => (await request.get(address)).status()));
}

test('privacy: a link share is not published; revoked or deleted, every address answers 404', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  const uploaded = await page.request.post('/api/save-original-image', {
    multipart: {
      image: {
        name: 'living-room.jpg',
        mimeType: 'image/jpeg',
        buffer: fs.readFileSync(LIVING_ROOM_PHOTO),
      },
    },
  });
  expect(uploaded.status()).toBe(200);
  const own = (await (await page.request.get('/api/gallery')).json()) as OwnItem[];
  expect(own).toHaveLength(1);
  const addresses = addressesOf(own[0]!.url);
  // The owner is served every address (which also fills the renditions' cache).
  expect(await statuses(page.request, addresses)).toEqual([200, 200, 200, 200, 200]);

  // Shared with anyone who has the link, through the gallery's share dialog.
  await page.goto('/editor?view=gallery');
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('button', { name: 'Share selection' }).click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Gallery shared successfully!', { exact: true })).toBeVisible();
  const link = await dialog.getByLabel('Share link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Signed out: the home page's public gallery does not list it, and its own addresses are
  // private; the link shows it from addresses that name the share.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const publicGallery = visitor.getByTestId('public-gallery');
  await publicGallery.scrollIntoViewIfNeeded();
  await expect(publicGallery.getByRole('heading').first()).toBeVisible();
  await expect(publicGallery.getByText(path.basename(LIVING_ROOM_PHOTO))).toHaveCount(0);
  expect(await statuses(visitor.request, addresses)).toEqual([404, 404, 404, 404, 404]);

  await visitor.goto(link);
  const tile = visitor.getByTestId('shared-tile');
  await expect(tile).toHaveCount(1);
  const sharedSrc = await tile.locator('img').first().getAttribute('src');
  expect(sharedSrc).toMatch(/^\/api\/shared\/[^/]+\/images\/[0-9a-f-]{36}$/);
  expect((await visitor.request.get(sharedSrc!)).status()).toBe(200);

  // Revoked: the page and the image address are gone for the visitor.
  await page.getByRole('button', { name: 'Share links' }).click();
  const entry = page.getByTestId('share-link').first();
  await entry.getByRole('button', { name: 'Revoke' }).click();
  await expect(entry).toContainText('Revoked');
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Share Not Found' })).toBeVisible();
  expect((await visitor.request.get(sharedSrc!)).status()).toBe(404);

  // Deleted: every address, renditions included, answers 404 to the owner too.
  await page.getByTestId('gallery-tile').first().hover();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete image' }).click();
  await expect(page.getByTestId('gallery-tile')).toHaveCount(0);
  expect(await statuses(page.request, addresses)).toEqual([404, 404, 404, 404, 404]);
  await visitorContext.close();
});
