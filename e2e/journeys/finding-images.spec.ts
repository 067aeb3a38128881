import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndVerify, uploadInEditor } from '../support/editor.ts';

const ASTRONAUT = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/astronaut.png',
);

/** A new account on the editor with the astronaut photo uploaded. */
async function startWithAstronaut(page: Page) {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  await uploadInEditor(page, ASTRONAUT);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('1280×800: Send in view, analysis scrolled to and right, Gallery one click from the top bar, room designs named as such', async ({
  page,
}) => {
  await startWithAstronaut(page);
  await expect(page.getByTestId('canvas-image')).toBeVisible();

  // The first screen holds the prompt and Send, without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('button', { name: 'Send to AI' })).toBeInViewport({ ratio: 1 });
  // The editor's own Canvas | Gallery switch is the top bar's job on wide screens.
  await expect(page.getByRole('tablist', { name: 'Editor view' })).toBeHidden();

  // Analysis opens below the prompt and is brought into view, naming the orange suit.
  await page.getByRole('button', { name: 'Analyze Image' }).click();
  const panel = page.getByTestId('analysis-panel');
  await expect(panel).toBeInViewport({ ratio: 1 });
  await expect(panel).toContainText(/Dominant colours: .*orange/);
  await expect(panel).not.toContainText(/green/);
  // Opening the editor again shows the saved analysis where it is: the page stays at the top.
  await page.goto('/editor');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send to AI' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // One click from the top bar: the person's images.
  const topBar = page.getByRole('banner').getByRole('navigation');
  await topBar.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/editor\?view=gallery$/);
  await expect(topBar.getByRole('link', { name: 'Gallery' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.getByTestId('gallery-tile')).toHaveCount(1);

  // Room designs are a link away, and say what they are and where the images are.
  await page.getByRole('link', { name: 'Room designs' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Room design history' })).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Room Design' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('link', { name: 'Open the Gallery' }).click();
  await expect(page.getByTestId('gallery-tile')).toHaveCount(1);

  // Room Design's own page links to its history under that name.
  await topBar.getByRole('link', { name: 'Room Design' }).click();
  await page.getByRole('link', { name: 'Room design history' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  // Back to the canvas from the top bar.
  await topBar.getByRole('link', { name: 'Image Editor' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByTestId('canvas')).toBeVisible();

  // Longer German and French hints (two-line selection bar) still leave Send on the first screen.
  for (const [lng, send] of [
    ['de', 'An die KI senden'],
    ['fr', 'Envoyer à l’IA'],
  ]) {
    await page.goto(`/editor?lng=${lng}`);
    await expect(page.getByRole('button', { name: send })).toBeInViewport({ ratio: 1 });
  }
});

test('gallery tiles: the prompt as caption; actions on hover and keyboard focus, not before', async ({
  page,
}) => {
  await startWithAstronaut(page);
  // A result with a prompt, so its caption is that prompt.
  const edited = page.waitForResponse((r) => r.url().endsWith('/api/edit-image'));
  await page.getByPlaceholder(/Describe an edit/).fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  expect((await edited).status()).toBe(200);
  await page.goto('/editor?view=gallery');
  const tile = page.getByTestId('gallery-tile').first();
  await expect(page.getByTestId('gallery-tile')).toHaveCount(2);
  await page.mouse.move(1270, 790);

  await expect(tile.getByTestId('gallery-tile-caption')).toHaveText('make it brighter');
  await expect(
    page.getByTestId('gallery-tile').nth(1).getByTestId('gallery-tile-caption'),
  ).toHaveText('astronaut');
  // At rest the picture is not covered: no action buttons drawn, the top ones transparent.
  await expect(tile.getByRole('button', { name: 'Delete', exact: true })).toBeHidden();
  await expect(tile.getByRole('button', { name: 'Edit', exact: true })).toBeHidden();
  await expect(tile.getByRole('button', { name: /^More actions/ })).toHaveCSS('opacity', '0');

  await tile.hover();
  await expect(tile.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(tile.getByRole('button', { name: /^More actions/ })).toHaveCSS('opacity', '1');
  await expect(tile.locator('time')).toBeVisible();

  // The keyboard: Tab onto the tile shows its actions and reaches them.
  await page.mouse.move(1270, 790);
  await expect(tile.getByRole('button', { name: 'Edit', exact: true })).toBeHidden();
  await tile.getByRole('button', { name: /^Open make it brighter/ }).focus();
  await expect(tile.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await page.keyboard.press('Tab'); // the checkbox
  await page.keyboard.press('Tab'); // the keyboard's drag handle
  await expect(tile.getByRole('button', { name: /^Move / })).toBeFocused();
  await expect(tile.getByRole('button', { name: /^Move / })).toHaveCSS('opacity', '1');
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('tiles show their caption and a "more" menu that holds every action', async ({ page }) => {
    await startWithAstronaut(page);
    await page.goto('/editor?view=gallery');
    const tile = page.getByTestId('gallery-tile').first();
    await expect(tile.getByTestId('gallery-tile-caption')).toHaveText('astronaut');
    // No hover here: the hover buttons are not drawn (nothing invisible under a finger).
    await expect(tile.getByRole('button', { name: 'Delete', exact: true })).toBeHidden();
    await expect(tile.getByRole('button', { name: 'Add to favourites' })).toBeHidden();
    const more = tile.getByRole('button', { name: 'More actions for astronaut' });
    await expect(more).toHaveCSS('opacity', '1');

    await more.tap();
    const menu = page.getByTestId('gallery-tile-menu');
    for (const action of ['Select', 'Edit', 'Download', 'Share', 'Add to favourites', 'Delete'])
      await expect(menu.getByRole('menuitem', { name: action, exact: true })).toBeVisible();
    const favourite = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await menu.getByRole('menuitem', { name: 'Add to favourites' }).tap();
    expect((await favourite).status()).toBe(200);
    // A favourite shows its star at all times.
    await expect(tile.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await more.tap();
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).tap();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete image' }).tap();
    await expect(page.getByTestId('gallery-tile')).toHaveCount(0);
  });
});
