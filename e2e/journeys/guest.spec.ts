import { expect, test } from '@playwright/test';
import { LIVING_ROOM_PHOTO } from '../support/editor.ts';

test('a visitor tries the editor without an account: upload, edit, keep the history, run out of free edits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it without an account' }).click();
  const banner = page.getByTestId('guest-banner');
  await expect(banner).toContainText('5 of 5 free images left today');

  const position = page.getByTestId('history-position');
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(page.getByTestId('canvas-image')).toBeVisible();
  await expect(position).toHaveText('Image 1 of 1');

  const prompt = page.getByLabel('Edit instructions');
  await prompt.fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(position).toHaveText('Image 2 of 2');
  await expect(banner).toContainText('4 of 5 free images left today');

  // The history lives in this browser: it is still there after a reload.
  await page.reload();
  await expect(position).toHaveText('Image 2 of 2');
  await expect(banner).toContainText('4 of 5');

  // Four more results use the allowance up; the next edit asks the visitor to sign up.
  await page.getByLabel('4 images per request').click();
  await prompt.fill('darker');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(banner).toContainText('0 of 5');
  await prompt.fill('warmer');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(page.getByText('Free Edits Used', { exact: true })).toBeVisible();
  // The toast stands clear of the prompt's Send button, so the next try is one click away.
  // The toast itself (a list item of the Notifications region), not its brief announcement.
  const toast = await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Free Edits Used' })
    .boundingBox();
  const send = await page.getByRole('button', { name: 'Send to AI' }).boundingBox();
  expect(toast && send).toBeTruthy();
  const apart =
    toast!.x + toast!.width <= send!.x ||
    send!.x + send!.width <= toast!.x ||
    toast!.y + toast!.height <= send!.y ||
    send!.y + send!.height <= toast!.y;
  expect(apart).toBe(true);

  // Leaving guest mode shows the landing page again.
  await page.getByRole('button', { name: 'Leave guest mode' }).click();
  await expect(page.getByRole('button', { name: 'Try it without an account' })).toBeVisible();
});
