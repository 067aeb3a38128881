import { expect, test, type Page } from '@playwright/test';
import { createAccount, newEmail, PASSWORD } from '../support/accounts.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('register → verification link → verified toast → signed in', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required', { exact: true })).toBeVisible();

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Email').fill(newEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();

  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('Account created successfully!', { exact: true })).toBeVisible();

  await page.getByTestId('dev-link').click();
  await expect(page.getByText('Email Verified!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // After the reload the visitor is signed in and sees the app, not the landing page.
  await expect(page.getByRole('link', { name: 'Image Editor' }).first()).toBeAttached({
    timeout: 10_000,
  });
});

test('sign-up behaves as registration: last name optional, the verification link, then the editor', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Alan');
  await page.getByLabel('Email').fill(newEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('different password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByTestId('dev-link')).toBeVisible();
  await page.getByRole('link', { name: 'Start editing' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole('heading', { name: 'Image Editor' })).toBeVisible();
});

test('logout, then log in again; a wrong password shows the server message', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signIn(page, account.email, 'wrong password');
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/editor$/);
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('forgot password → reset link → the new password works, the old one does not', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByTestId('dev-link').click();

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('my new secret pass');
  await page.getByLabel('Confirm New Password').fill('my new secret pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In Now' }).click();

  await signIn(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await signIn(page, account.email, 'my new secret pass');
  await expect(page).toHaveURL(/\/editor$/);
});

test('reset without a token shows the invalid-link screen; only configured sign-in providers show', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
  await page.goto('/login');
  // This server has no Google, GitHub or organisation sign-in: no button leads to an error.
  expect(await (await providers).json()).toEqual({ google: false, github: false, oidc: false });
  await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'GitHub' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByText('SSO Coming Soon', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start editing free' })).toBeVisible();
  await expect(page.getByText('Or continue with')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Google|GitHub|organisation/ })).toHaveCount(0);
  // A link to a provider that is not set up still lands on an explanation, not a broken page.
  await page.goto('/api/auth/google');
  await expect(page).toHaveURL(/error=provider_not_configured/);
  await expect(page.getByRole('alert')).toContainText('not set up');
});

test('a private page opened signed out says why, and signing in comes back to it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/stats');
  const notice = page.getByTestId('sign-in-needed');
  await expect(notice).toContainText('Sign in to see this page');
  await notice.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fstats$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByTestId('sign-in-needed')).toHaveCount(0);
  // The editor's own address is the landing itself: no notice there.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('sign-in-needed')).toHaveCount(0);

  // A link that would lead to another site after signing in goes to the editor instead.
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/editor$/);
});
