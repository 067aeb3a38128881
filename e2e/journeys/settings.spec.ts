import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';

test('settings: change the password, then delete the account', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/settings');
  await page.getByLabel('Current password').nth(1).fill('wrong password');
  await page.getByLabel('New Password').fill('a fresh password 1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your current password is not correct', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('Current password').nth(1).fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Current password').nth(2).fill('a fresh password 1');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: 'a fresh password 1' },
  });
  expect(login.status()).toBe(401);
});

test('settings: keep the location in public copies, in German, and it stays after a reload', async ({
  page,
}) => {
  await createAccount(page.request);
  await page.goto('/settings?lng=de');
  const keep = page.getByRole('switch', { name: 'Aufnahmeort in öffentlichen Kopien behalten' });
  await expect(keep).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(/^Aus: Wer einen Freigabelink/)).toBeVisible();
  await keep.click();
  // Exact: the toast's live region repeats the text for screen readers.
  await expect(
    page.getByText('Öffentliche Kopien behalten jetzt die GPS-Position.', { exact: true }),
  ).toBeVisible();
  await expect(keep).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(keep).toHaveAttribute('aria-checked', 'true');
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.keepsPublicLocation).toBe(true);
  await keep.click();
  await expect(keep).toHaveAttribute('aria-checked', 'false');
  expect((await (await page.request.get('/api/auth/user')).json()).keepsPublicLocation).toBe(false);
});
