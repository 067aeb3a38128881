import { expect, test } from '@playwright/test';
import { signUpAndVerify } from '../support/editor.ts';
import { createProjectWithAnEdit, onProject } from '../support/projects.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('shared project: a public link for signed-out visitors, grid, single, fullscreen, download, then private again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  await page.goto('/editor');

  // A project with an upload and an edit of it.
  await createProjectWithAnEdit(page, 'Sunset Loft', 'make it warmer');

  // Sharing makes it public and copies the link.
  await onProject(page, 'Sunset Loft', 'Share…');
  const shareDialog = page.getByTestId('share-project-dialog');
  const toggle = shareDialog.getByRole('switch', { name: 'Public link' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Link Copied', { exact: true })).toBeVisible();
  await expect(page.getByText('Share link has been copied to clipboard').first()).toBeVisible();
  const shareUrl = await shareDialog.getByLabel('Share link').inputValue();
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

  // A visitor who is not signed in.
  const visitorContext = await browser.newContext({ acceptDownloads: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl);
  await expect(visitor.getByRole('heading', { name: 'Sunset Loft' })).toBeVisible();
  await expect(visitor.getByText('2 images', { exact: true })).toBeVisible();
  await expect(visitor.getByText('by Grace Hopper')).toBeVisible();
  await expect(visitor.getByText('1 view', { exact: true })).toBeVisible();
  await expect(visitor.getByText(/^created (now|\d+ minutes? ago)$/)).toBeVisible();
  // A visitor who is not signed in is not sent 'back' to an editor they never had.
  await expect(visitor.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');

  // Grid first; each image opens the fullscreen viewer, Escape closes it.
  const grid = visitor.getByTestId('shared-grid');
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByRole('img').first()).toHaveJSProperty('complete', true);
  await grid.getByRole('button', { name: 'Open image 2 fullscreen' }).click();
  const viewer = visitor.getByTestId('shared-viewer');
  await expect(viewer.getByTestId('shared-viewer-counter')).toHaveText('2 / 2');
  await expect(viewer).toContainText('make it warmer');
  await visitor.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('shared-viewer-counter')).toHaveText('1 / 2');
  await visitor.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Single view: arrow keys wrap both ways; the prompt shows under 'Prompt:'.
  await visitor.getByRole('button', { name: 'Single' }).click();
  const counter = visitor.getByTestId('shared-single-counter');
  await expect(counter).toHaveText('1 / 2');
  await expect(visitor.getByText('Use ← → arrow keys to navigate')).toBeVisible();
  await visitor.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 / 2');
  await expect(visitor.getByText('Prompt:', { exact: true })).toBeVisible();
  await expect(visitor.getByTestId('shared-single')).toContainText('make it warmer');
  await visitor.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 / 2');
  await visitor.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 / 2');
  await visitor.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('1 / 2');

  // Fullscreen from the single view, closed with Escape.
  await visitor.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(viewer.getByTestId('shared-viewer-counter')).toHaveText('1 / 2');
  await visitor.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Downloads are named {projectName}-image-{n}.png and hold a PNG.
  const saved = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: 'Download' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('Sunset Loft-image-1.png');
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(1, 4).toString()).toBe('PNG');

  // Private again: the same link now shows 'Project Not Found'.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(shareDialog.getByLabel('Share link')).toHaveCount(0);
  await visitor.reload();
  const notFound = visitor.getByTestId('project-not-found');
  await expect(notFound.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
  await expect(notFound).toContainText(
    'This shared project link may be invalid or the project may no longer be shown shared.',
  );
  // The card says it; no toast repeats it (issue 21).
  await expect(
    visitor.getByText('This shared project link may be invalid or expired.'),
  ).toHaveCount(0);
  await notFound.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await visitorContext.close();
});
