import { expect, test, type Page } from '@playwright/test';
import { historySteps } from '../support/editor.ts';
import {
  imageBytes,
  meanLuminance,
  openEditor,
  shownImageUrl,
  smallPhoto,
  type SavedImage,
} from '../support/editor-judged.ts';

const credits = async (page: Page) =>
  (await (await page.request.get('/api/user/stats')).json()).creditsRemaining as number;

// Issue 22, item 2: a branch saved as a recipe and repeated on another picture.
test('recipes: save "brighter + vintage" from one photo, apply it to another, 2 credits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openEditor(page);
  const upload = async (width: number) => {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-original-image'));
    await page.getByTestId('image-file-input').setInputFiles(await smallPhoto(width));
    return (await (await saved).json()) as SavedImage;
  };
  await upload(480);
  const edited = page.waitForResponse((r) => r.url().endsWith('/api/edit-image'));
  await page.getByLabel('Edit instructions').fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  expect((await edited).status()).toBe(200);
  const preset = page.waitForResponse((r) => r.url().endsWith('/api/edit-image'));
  await page
    .getByRole('region', { name: 'Presets' })
    .getByRole('button', { name: 'Vintage' })
    .click();
  expect((await preset).status()).toBe(200);
  await expect(historySteps(page)).toHaveCount(3);

  const recipes = page.getByRole('region', { name: 'Recipes' });
  await recipes.getByLabel('Recipe name').fill('Warm vintage');
  await recipes.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recipe “Warm vintage” saved', { exact: true })).toBeVisible();
  await expect(recipes.getByText('2 steps · 2 credits')).toBeVisible();

  // Another picture: the recipe runs both steps on it, as a branch of its own.
  const second = await upload(360);
  await expect(historySteps(page)).toHaveCount(1);
  const before = await credits(page);
  await recipes.getByRole('button', { name: 'Apply “Warm vintage” to this image' }).click();
  await expect(page.getByText('Recipe applied: 2 steps done', { exact: true })).toBeVisible();
  await expect(historySteps(page)).toHaveText([/Original upload/, /make it brighter/, /Vintage/]);
  expect(await credits(page)).toBe(before - 2);
  const shown = await shownImageUrl(page.getByTestId('canvas-image'));
  expect(shown).not.toBe(second.imageUrl);
  // Measured: the recipe's result is brighter than the picture it started from.
  const start = await meanLuminance(await imageBytes(page.request, second.imageUrl));
  const end = await meanLuminance(await imageBytes(page.request, shown));
  expect(end, `${start.toFixed(1)} → ${end.toFixed(1)}`).toBeGreaterThan(start);

  page.once('dialog', (dialog) => void dialog.accept());
  await recipes.getByRole('button', { name: 'Delete “Warm vintage”' }).click();
  await expect(recipes.getByText('Save the steps of an edited image')).toBeVisible();
});
