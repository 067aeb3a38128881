import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { signUpAndVerify } from '../support/editor.ts';

test('two people share an account read-only: the second switches in, cannot change it, switches back', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const guestPage = await guestContext.newPage();
  const owner = await createAccount(ownerPage.request);
  // The guest proves the address (shares only reach verified addresses).
  const guest = await signUpAndVerify(guestPage);

  await ownerPage.goto('/account-sharing');
  await expect(ownerPage.getByText('No one has access to your account')).toBeVisible();
  await ownerPage.getByLabel('Email').fill(guest.email);
  await ownerPage.getByLabel('Permissions').selectOption({ label: 'Read Only' });
  await ownerPage.getByRole('button', { name: 'Share Account' }).click();
  await expect(ownerPage.getByTestId('shares-given')).toContainText(guest.email);
  await expect(ownerPage.getByTestId('shares-given')).toContainText('Read');

  await guestPage.goto('/account-sharing');
  const received = guestPage.getByTestId('shares-received');
  await expect(received).toContainText(owner.email);
  await received.getByRole('button', { name: 'Switch' }).click();
  await expect(guestPage.getByTestId('viewing-banner')).toContainText('(read only)');
  await expect(received.getByText('Current')).toBeVisible();

  // Acting on the owner's account, account-level changes are refused by the server.
  await guestPage.getByLabel('Email').fill('someone@example.test');
  await guestPage.getByRole('button', { name: 'Share Account' }).click();
  await expect(
    guestPage.getByText('Switch back to your own account to do this', { exact: true }),
  ).toBeVisible();

  // Plans belong to one's own account: the plans page says so and offers none to choose.
  await guestPage.goto('/subscribe');
  await expect(guestPage.getByTestId('plans-own-account-only')).toContainText(
    'Switch back to your own account to choose a plan.',
  );
  await expect(guestPage.getByRole('button', { name: 'Choose Basic' })).toBeDisabled();
  await expect(guestPage.getByRole('button', { name: 'Choose Premium' })).toBeDisabled();

  // The editor shows its tools but says why they cannot run for a read-only viewer.
  await guestPage.goto('/editor');
  await expect(guestPage.getByTestId('read-only-note')).toHaveText(
    'You have read-only access to this shared account',
  );
  await expect(guestPage.getByLabel('Edit instructions')).toBeDisabled();
  await expect(guestPage.getByRole('button', { name: 'Send to AI' })).toBeDisabled();

  await guestPage.goto('/account-sharing');
  await expect(guestPage.getByTestId('viewing-banner')).toBeVisible();
  await guestPage.getByRole('button', { name: 'Switch back to your account' }).click();
  await expect(guestPage.getByTestId('viewing-banner')).toBeHidden();

  await ownerContext.close();
  await guestContext.close();
});

test('the owner removes a share: the other person’s open editor leaves the account at once', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const guestPage = await guestContext.newPage();
  const owner = await createAccount(ownerPage.request);
  const guest = await signUpAndVerify(guestPage);

  await ownerPage.goto('/account-sharing');
  await ownerPage.getByLabel('Email').fill(guest.email);
  await ownerPage.getByLabel('Permissions').selectOption({ label: 'Read & Write' });
  await ownerPage.getByRole('button', { name: 'Share Account' }).click();
  await expect(ownerPage.getByTestId('shares-given')).toContainText(guest.email);

  await guestPage.goto('/account-sharing');
  const received = guestPage.getByTestId('shares-received');
  await expect(received).toContainText(owner.email);
  await received.getByRole('button', { name: 'Switch' }).click();
  await expect(guestPage.getByTestId('viewing-banner')).toBeVisible();
  await guestPage.goto('/editor');
  await expect(guestPage.getByTestId('viewing-banner')).toBeVisible();

  // No reload on the guest's side: the server ends its event stream and the screen follows.
  await ownerPage.getByRole('button', { name: 'Remove access' }).click();
  await expect(ownerPage.getByTestId('shares-given')).toHaveCount(0);
  await expect(
    guestPage.getByText("Your access to Grace Hopper's account has ended.", { exact: true }),
  ).toBeVisible();
  await expect(guestPage.getByTestId('viewing-banner')).toBeHidden();

  await ownerContext.close();
  await guestContext.close();
});
