import { expect, test } from '@playwright/test';
import { historySteps, LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

test('editor: upload, edit by prompt, apply a preset, step back, branch, and keep it all after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  await expect(page.getByRole('heading', { name: 'Image Editor' })).toBeVisible();
  await expect(page.getByTestId('credits-badge')).toContainText('100');
  const canvasImage = page.getByTestId('canvas-image');
  const position = page.getByTestId('history-position');
  const input = page.getByTestId('image-file-input');

  // The browser refuses what the server would refuse, with the catalogue's words.
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(page.getByText('Invalid File Type', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please select a JPEG, PNG, WebP, AVIF, or HEIC image.', { exact: true }),
  ).toBeVisible();

  await input.setInputFiles(LIVING_ROOM_PHOTO);
  await expect(canvasImage).toBeVisible();
  await expect(position).toHaveText('Image 1 of 1');
  // The upload is kept as it came, uncropped and not resized, and the canvas says so (issue 21).
  const notice = page.getByTestId('original-notice');
  await expect(notice).toHaveText('Original kept as uploaded · 1600 × 960');

  const prompt = page.getByLabel('Edit instructions');
  await prompt.fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(position).toHaveText('Image 2 of 2');
  await expect(canvasImage).toBeVisible();
  await expect(historySteps(page).nth(1)).toContainText('make it brighter');
  await expect(page.getByTestId('credits-badge')).toContainText('99');
  await expect(notice).toHaveCount(0);

  await page.getByRole('button', { name: 'Vintage' }).click();
  await expect(position).toHaveText('Image 3 of 3');
  await expect(historySteps(page).nth(2)).toContainText('Vintage preset');

  // Arrow keys walk the history, but not while typing in the prompt.
  await prompt.click();
  await prompt.press('ArrowLeft');
  await expect(position).toHaveText('Image 3 of 3');
  await page.getByRole('heading', { name: 'Image Editor' }).click();
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('Image 2 of 3');

  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('slider', { name: 'Before and after' })).toBeVisible();
  await page.getByRole('button', { name: 'Show Current Only' }).click();
  await expect(canvasImage).toBeVisible();

  await page.reload();
  await expect(position).toHaveText('Image 2 of 3');
  await expect(historySteps(page)).toHaveText([
    /Original upload/,
    /make it brighter/,
    /Vintage preset/,
  ]);

  // Editing an earlier step starts a branch; the later step stays one click away.
  await prompt.fill('more contrast');
  await prompt.press('Enter');
  await expect(position).toHaveText('Image 3 of 3');
  const newest = historySteps(page).nth(2);
  await expect(newest).toContainText('more contrast');
  await expect(newest).toContainText('2/2');
  await newest.getByRole('button', { name: 'Previous version of this step' }).click();
  await expect(historySteps(page).nth(2)).toContainText('Vintage preset');
});

test('editor: crop into a new square image, then page through the slideshow', async ({ page }) => {
  await signUpAndVerify(page);
  await page.goto('/editor');
  const position = page.getByTestId('history-position');
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');

  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('radio', { name: '16:9' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: '1:1' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  // The crop reads the full photo, draws it and uploads a new file: seconds on a busy runner.
  await expect(position).toHaveText('Image 2 of 2', { timeout: 20_000 });
  await expect(historySteps(page).nth(1)).toContainText('Cropped');
  const [crop] = (await (await page.request.get('/api/edited-images')).json()) as {
    aspectRatio: string;
    model: string;
  }[];
  expect(crop).toMatchObject({ aspectRatio: '1:1', model: 'manual-crop' });

  await page.getByTestId('canvas-image').dblclick();
  const slideshow = page.getByTestId('slideshow');
  await expect(slideshow).toContainText('2 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(slideshow).toContainText('1 of 2');
  await page.keyboard.press('Escape');
  await expect(slideshow).toBeHidden();
  await expect(position).toHaveText('Image 2 of 2');
});
