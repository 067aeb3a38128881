import { expect, test } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

test('stats: empty at first, then totals, the generation rate and the daily chart', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await page.goto('/stats');
  await expect(page.getByText('No Images Yet', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Editor' }).click();

  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(page.getByTestId('history-position')).toHaveText('Image 1 of 1');
  await page.getByLabel('2 images per request').click();
  await page.getByLabel('Edit instructions').fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(page.getByTestId('history-position')).toHaveText('Image 2 of 2');

  await page.goto('/stats');
  await expect(page.getByTestId('stat-Total Images')).toHaveText('3');
  await expect(page.getByTestId('stat-Uploaded')).toHaveText('1');
  await expect(page.getByTestId('stat-Images Created')).toHaveText('2');
  await expect(page.getByTestId('generation-rate')).toHaveText('2.00x');
  const chart = page.getByRole('img', {
    name: 'Images uploaded and created, and credits used, per day',
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('title').last()).toContainText(
    '1 uploaded, 2 created, 2 credits used',
  );
  await page.getByRole('link', { name: 'Back to Editor' }).click();
  await expect(page).toHaveURL(/\/$/);
});
