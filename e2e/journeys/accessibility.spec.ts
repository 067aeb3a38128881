import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signUpAndVerify } from '../support/editor.ts';
import { createProjectWithAnEdit, onProject } from '../support/projects.ts';

type Theme = 'light' | 'dark';

/** Stores the theme the way the theme toggle does; the next page load is drawn in it. */
async function useTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.cookie = `theme=${t}; path=/; max-age=31536000; samesite=lax`;
  }, theme);
}

/**
 * Opens a screen and waits until it is drawn (its main landmark and level-one heading, what
 * `ready` names, and in the theme), then runs axe-core.
 */
async function check(page: Page, theme: Theme, path: string, ready?: (p: Page) => Locator) {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (ready) await expect(ready(page)).toBeVisible();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page, `${path} (${theme})`);
}

/** Signed-in screens are drawn once the header's credits have loaded. */
const credits = (p: Page) => p.getByTestId('credits-badge');

/** A dialog is announced as one (role and aria-modal, not overridden) and passes axe-core. */
async function checkDialog(
  page: Page,
  dialog: Locator,
  role: 'dialog' | 'alertdialog',
  label: string,
) {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('role', role);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectNoAxeViolations(page, label);
}

/** The project name, share and delete dialogs of the editor, opened and closed in turn. */
async function checkProjectDialogs(page: Page, theme: Theme) {
  await page.getByTestId('project-menu').click();
  await page.getByRole('menuitem', { name: 'New project…', exact: true }).click();
  const nameDialog = page.getByTestId('project-name-dialog');
  await checkDialog(page, nameDialog, 'dialog', `project name dialog (${theme})`);
  await nameDialog.getByRole('button', { name: 'Close' }).click();
  await expect(nameDialog).toBeHidden();
  await onProject(page, 'Sunset Loft', 'Share…');
  const shareDialog = page.getByTestId('share-project-dialog');
  await expect(shareDialog.getByLabel('Share link')).toHaveValue(/\/share\//);
  await checkDialog(page, shareDialog, 'dialog', `share dialog (${theme})`);
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  await expect(shareDialog).toBeHidden();
  await onProject(page, 'Sunset Loft', 'Delete…');
  const deleteDialog = page.getByTestId('delete-project-dialog');
  await checkDialog(page, deleteDialog, 'alertdialog', `delete project confirmation (${theme})`);
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
}

test('accessibility: axe-core finds nothing on every screen, light and dark, dialogs open', async ({
  page,
  browser,
}) => {
  // About forty screen states scanned by axe, and the first upload and edit start the engine
  // threads (their code compiled and models loaded, ~10 s each): 180 s was not always enough
  // on two cores shared with the other journey.
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signed out.
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await visitor.goto('/login');
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(visitor, theme);
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/register',
      '/forgot-password',
      '/reset-password?token=unknown',
      '/shared/unknown',
      '/nowhere',
    ]) {
      await check(visitor, theme, path);
    }
  }

  // Signed in: one account with one project holding an upload and an edit, shared publicly.
  await signUpAndVerify(page);
  await page.goto('/editor');
  const position = await createProjectWithAnEdit(page, 'Sunset Loft', 'make it warmer');

  await onProject(page, 'Sunset Loft', 'Share…');
  const shareDialog = page.getByTestId('share-project-dialog');
  await shareDialog.getByRole('switch', { name: 'Public link' }).click();
  await expect(shareDialog.getByLabel('Share link')).toHaveValue(/\/share\//);
  const shareUrl = await shareDialog.getByLabel('Share link').inputValue();
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  await expect(shareDialog).toBeHidden();

  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await check(page, theme, '/editor', () => position);
    await checkProjectDialogs(page, theme);
    await check(page, theme, '/editor?view=gallery', (p) => p.getByTestId('gallery-tile').first());
    await check(page, theme, '/gallery', credits);
    await check(page, theme, '/stats', (p) => p.getByTestId('generation-rate'));
    await check(page, theme, '/subscribe', (p) => p.getByTestId('test-mode-notice'));
    for (const path of ['/account-sharing', '/settings', '/whiteboard', '/furniture-shopping']) {
      await check(page, theme, path, credits);
    }
    // Screens of their own layout (no header): drawn once their form is.
    await check(page, theme, '/setup-2fa', (p) => p.getByRole('button').first());
    await check(page, theme, '/checkout', (p) => p.getByRole('button').first());
    await useTheme(visitor, theme);
    await check(visitor, theme, new URL(shareUrl).pathname, (p) =>
      p.getByRole('heading', { name: 'Sunset Loft' }),
    );
  }
  await visitor.close();
});
