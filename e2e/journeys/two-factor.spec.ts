import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createAccount } from '../support/accounts.ts';

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
}

test('enable 2FA → logout → login needs the code → a backup code works once', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/setup-2fa');
  await page.getByRole('button', { name: 'Start 2FA Setup' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const backupCodes = await page.getByTestId('backup-codes').locator('li').allTextContents();
  expect(backupCodes).toHaveLength(10);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await (await download).createReadStream();
  let text = '';
  for await (const chunk of file) text += String(chunk);
  expect(text).toContain(backupCodes[0]!.trim());
  expect(text).toContain('can be used only once');

  await page.getByLabel('Verification Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(page.getByRole('heading', { name: '2FA Enabled Successfully' })).toBeVisible();

  await page.goto('/api/logout');
  await passwordStep(page, account.email, account.password);
  await page.getByLabel('Verification Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid verification code', { exact: true })).toBeVisible();

  const backup = backupCodes[0]!.trim();
  await page.getByLabel('Verification Code').fill(backup);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/editor$/);

  await page.goto('/api/logout');
  await passwordStep(page, account.email, account.password);
  await page.getByLabel('Verification Code').fill(backup);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid verification code', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
