import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpAndVerify } from '../support/editor.ts';
import { visibleTexts } from '../support/page-text.ts';

const CAT_PHOTO = path.resolve(import.meta.dirname, '../../packages/engine/test/fixtures/cat.png');

// Words that are the same in every language: names, numbers, the languages' own names.
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Image Lab',
  'Image Lab.',
  'Google',
  'GitHub',
  'SSO',
  'SketchUp',
  '3D/Renders',
  'CAD',
  'English',
  'Deutsch',
  'Français',
  'EN',
  'DE',
  'FR',
]);

const isTranslatable = (text: string) =>
  /[A-Za-z]{3,}/.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text) && !/^©/.test(text);

test.describe('landing page', () => {
  test('is shown to visitors on private paths, with the public gallery empty state', async ({
    page,
  }) => {
    for (const path of ['/', '/editor', '/stats', '/gallery', '/account-sharing']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
      await expect(page.getByTestId('public-gallery')).toBeAttached();
    }
    await expect(page.getByTestId('gallery-empty')).toBeVisible();
    await expect(page.getByText('Trusted by 10,000+ creators')).toBeVisible();
  });

  for (const lng of ['de', 'fr'] as const) {
    test(`switching to ${lng} changes every visible string`, async ({ page }) => {
      await page.goto('/?lng=en');
      await expect(page.getByText('Trusted by 10,000+ creators')).toBeVisible();
      const english = (await visibleTexts(page)).filter(isTranslatable);
      expect(english.length).toBeGreaterThan(30);

      await page.goto(`/?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      const translated = new Set(await visibleTexts(page));
      const untranslated = english.filter((text) => translated.has(text));
      expect(untranslated).toEqual([]);
    });
  }

  test('the language picker switches language and remembers it', async ({ page }) => {
    await page.goto('/?lng=en');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
  });

  test('the theme persists across a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the promo card appears past half the page and stays dismissed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('promo-card')).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('promo-card')).toBeVisible();
    await page.getByTestId('promo-dismiss').click();
    await expect(page.getByTestId('promo-card')).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await expect(page.getByTestId('promo-card')).toBeHidden();
  });

  test('a category label scrolls to the gallery', async ({ page }) => {
    await page.goto('/');
    await page
      .getByTestId('category-strip')
      .getByRole('button', { name: 'Interior Design' })
      .click();
    await expect(page.getByTestId('public-gallery')).toBeInViewport();
  });

  test('?verified=true shows the toast, resets the address and reloads', async ({ page }) => {
    await page.goto('/?verified=true');
    await expect(page.getByText('Email Verified!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const reloaded = page.waitForEvent('load', { timeout: 5000 });
    await reloaded;
    await expect(page).toHaveURL(/\/$/);
  });
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

// Runs after the empty-state test of this file (one worker runs a file's tests in order): no
// other journey publishes anything.
test('the public gallery shows only what its owner published, until it is taken off', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  const uploaded = await page.request.post('/api/save-original-image', {
    multipart: {
      image: { name: 'cat.png', mimeType: 'image/png', buffer: fs.readFileSync(CAT_PHOTO) },
    },
  });
  expect(uploaded.status()).toBe(200);
  await page.goto('/editor?view=gallery');
  const tile = page.getByTestId('gallery-tile').first();
  await tile.hover();
  await tile.getByRole('button', { name: /^More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Publish to the public gallery' }).click();
  const confirm = page.getByTestId('confirm-publish');
  await expect(confirm).toContainText('Everyone who visits Image Lab will see this image');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published to the public gallery', { exact: true })).toBeVisible();
  // Published tiles keep their globe in view, pressed.
  await expect(
    tile.getByRole('button', { name: 'Remove from the public gallery' }),
  ).toHaveAttribute('aria-pressed', 'true');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/#gallery');
  const gallery = visitor.getByTestId('public-gallery');
  // Its caption is its prompt, or for an upload its name.
  await expect(gallery.getByRole('figure', { name: 'cat' })).toBeVisible();

  await tile.hover();
  await tile.getByRole('button', { name: 'Remove from the public gallery' }).click();
  await expect(page.getByText('Removed from the public gallery', { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(gallery.getByTestId('gallery-empty')).toBeVisible();
  await visitorContext.close();
});
