import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

const CAT_PHOTO = path.resolve(import.meta.dirname, '../../packages/engine/test/fixtures/cat.png');

async function upload(request: APIRequestContext, file: string, mimeType: string) {
  const res = await request.post('/api/save-original-image', {
    multipart: { image: { name: path.basename(file), mimeType, buffer: fs.readFileSync(file) } },
  });
  expect(res.status()).toBe(200);
}

test('shared gallery: two images by link, a visitor sees counts and the lightbox; revoked it is gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await upload(page.request, LIVING_ROOM_PHOTO, 'image/jpeg');
  await upload(page.request, CAT_PHOTO, 'image/png');

  // The owner shares both images as one link, with the default expiry.
  await page.goto('/editor?view=gallery');
  await expect(page.getByTestId('gallery-tile')).toHaveCount(2);
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('button', { name: 'Share selection' }).click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByRole('heading', { name: 'Share 2 images' })).toBeVisible();
  await expect(dialog.getByLabel('Link works for')).toHaveValue('30');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Gallery shared successfully!', { exact: true })).toBeVisible();
  const link = await dialog.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{40,}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A visitor without an account opens it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Shared Gallery' })).toBeVisible();
  await expect(visitor.getByText(/^Shared on /)).toBeVisible();
  await expect(visitor.getByTestId('count-total')).toHaveText('2');
  await expect(visitor.getByTestId('count-uploaded')).toHaveText('2');
  await expect(visitor.getByTestId('count-generated')).toHaveText('0');
  const shared = visitor.getByTestId('shared-tile');
  await expect(shared).toHaveCount(2);
  await expect(shared.getByText('Original', { exact: true })).toHaveCount(2);
  // Images come from the share's own addresses, never the owner's storage path.
  const src = await shared.first().locator('img').first().getAttribute('src');
  expect(src).toMatch(/^\/api\/shared\/[^/]+\/images\/[0-9a-f-]{36}$/);
  await expect(shared.first().getByRole('link', { name: /^Download / })).toHaveAttribute(
    'download',
    /.+/,
  );

  await shared.first().getByRole('button').click();
  const lightbox = visitor.getByTestId('lightbox');
  await expect(lightbox.getByText('1 of 2')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Previous image' }).click();
  await expect(lightbox.getByText('2 of 2')).toBeVisible();
  await expect(lightbox.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(lightbox.getByRole('button', { name: 'Send to Edit' })).toHaveCount(0);
  await visitor.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // The owner sees the link (one view so far) and revokes it.
  await page.getByRole('button', { name: 'Share links' }).click();
  const entry = page.getByTestId('share-link').first();
  await expect(entry).toContainText('2 images');
  await expect(entry).toContainText('Active');
  await expect(entry).toContainText('1 view');
  await entry.getByRole('button', { name: 'Revoke' }).click();
  await expect(entry).toContainText('Revoked');
  await page.keyboard.press('Escape');

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Share Not Found' })).toBeVisible();
  await expect(visitor.getByTestId('try-image-chat-hint')).toHaveText(
    "Image Chat is Image Lab's editor: upload a photo and change it by typing what you want.",
  );
  await visitor.getByRole('link', { name: 'Try Image Chat' }).click();
  await expect(visitor).toHaveURL(/\/$/);

  await visitor.goto('/shared');
  await expect(visitor.getByRole('heading', { name: 'Invalid Share Link' })).toBeVisible();

  // No API can age a link, and no test-only server path exists: the browser answers the page's
  // read with the server's real 410 body (the server's own expiry, and its server-rendered 410
  // page, are covered by its tests). The server draws a link it is asked for with its data, so
  // the link is reached inside the app, where the browser reads it itself.
  await visitor.route('**/api/shared/**', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'This share link has expired',
        code: 'share_expired',
        title: 'Share Expired',
      }),
    }),
  );
  await visitor.goto('/shared');
  await visitor.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
  await visitor.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, new URL(link).pathname);
  await expect(visitor.getByRole('heading', { name: 'Share Expired' })).toBeVisible();
  await visitorContext.close();
});

test('shared gallery: opening a link by its token, refused when revoked', async ({ page }) => {
  await signUpAndVerify(page);
  await upload(page.request, CAT_PHOTO, 'image/png');
  const created = await page.request.post('/api/gallery/shares', { data: { expiresInDays: 1 } });
  expect(created.status()).toBe(201);
  const share = (await created.json()) as { id: string; token: string; shareUrl: string };
  const revoked = (await (
    await page.request.post('/api/gallery/shares', { data: { expiresInDays: 1 } })
  ).json()) as { id: string; token: string };
  expect((await page.request.delete(`/api/gallery/shares/${revoked.id}`)).status()).toBe(200);

  await page.goto('/editor?view=gallery');
  await page.getByRole('button', { name: 'Open shared gallery' }).click();
  const form = page.getByTestId('open-shared');
  await form.getByLabel('Share token or link').fill(revoked.token);
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Invalid or expired share token', { exact: true })).toBeVisible();

  // The whole pasted link works as well as the bare token.
  await form.getByLabel('Share token or link').fill(share.shareUrl);
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Gallery accessed successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shared/${share.token}$`));
  await expect(page.getByRole('heading', { name: 'Shared Gallery' })).toBeVisible();
  await expect(page.getByTestId('count-total')).toHaveText('1');
});

test('shared gallery: sent to another account by e-mail, opened by that person with its token', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await signUpAndVerify(page);
  await upload(page.request, CAT_PHOTO, 'image/png');
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  const friend = await signUpAndVerify(recipient);

  // The owner shares the whole gallery with the friend's address.
  await page.goto('/editor?view=gallery');
  await page.getByRole('button', { name: 'Share gallery' }).click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByLabel('Send the link by e-mail (optional)').fill(friend.email);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Gallery shared successfully!', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`The link was sent to ${friend.email}.`, { exact: true }),
  ).toBeVisible();
  const link = await dialog.getByLabel('Share link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Share links' }).click();
  await expect(page.getByTestId('share-link').first()).toContainText(friend.email);
  await page.keyboard.press('Escape');

  // The friend pastes the token from the mail into their own gallery.
  const token = link.split('/shared/')[1]!;
  await recipient.goto('/editor?view=gallery');
  await recipient.getByRole('button', { name: 'Open shared gallery' }).click();
  const form = recipient.getByTestId('open-shared');
  await form.getByLabel('Share token or link').fill(token);
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(
    recipient.getByText('Gallery accessed successfully!', { exact: true }),
  ).toBeVisible();
  await expect(recipient.getByRole('heading', { name: 'Shared Gallery' })).toBeVisible();
  await expect(recipient.getByTestId('count-total')).toHaveText('1');
  // The page never shows the owner's address.
  await expect(recipient.locator('body')).not.toContainText(owner.email);
  await recipientContext.close();
});
