import { expect, type Page } from '@playwright/test';

/** The owner gives the other person read and write access; they switch into the account. */
export async function shareForWriting(ownerPage: Page, guestPage: Page, guestEmail: string) {
  await ownerPage.goto('/account-sharing');
  await ownerPage.getByLabel('Email').fill(guestEmail);
  await ownerPage.getByLabel('Permissions').selectOption({ label: 'Read & Write' });
  await ownerPage.getByRole('button', { name: 'Share Account' }).click();
  await expect(ownerPage.getByTestId('shares-given')).toContainText(guestEmail);
  await guestPage.goto('/account-sharing');
  await guestPage.getByTestId('shares-received').getByRole('button', { name: 'Switch' }).click();
  await expect(guestPage.getByTestId('viewing-banner')).toBeVisible();
}
