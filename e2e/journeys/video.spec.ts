import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { describeVideoTrack, readMp4 } from '../../packages/engine/src/video/mp4-boxes.ts';
import { LIVING_ROOM_PHOTO } from '../support/editor.ts';
import { expectToast, openEditor } from '../support/editor-judged.ts';

// Issue 10: Image to Video in the editor, checked by the file that comes out (its container),
// by what the browser's <video> says about it, and by the balance.

const credits = async (page: Page) =>
  ((await (await page.request.get('/api/user/stats')).json()) as { creditsRemaining: number })
    .creditsRemaining;

test('image to video: timer, a playable 3-second video, download, 10 credits', async ({ page }) => {
  test.setTimeout(90_000);
  await openEditor(page);
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(page.getByTestId('history-position')).toHaveText('Image 1 of 1');
  const before = await credits(page);

  await page.getByRole('tab', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Image to Video' }).click();
  const dialog = page.getByTestId('video-dialog');
  await expect(dialog.getByRole('heading', { name: 'Image to Video' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Zoom out' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Camera move' })).toHaveValue('Zoom out');

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/generate-video'));
  await dialog.getByRole('button', { name: 'Generate video (10 credits)' }).click();
  // The running timer, in the dialog and in the panel under the canvas.
  await expect(dialog.getByTestId('video-timer')).toHaveText(/^0:\d\d$/);
  await expect(page.getByTestId('video-panel').getByTestId('video-timer')).toBeVisible();
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { videoUrl: string; creditsUsed: number };
  expect(body.creditsUsed).toBe(10);

  // The browser itself reads the file: about 3 seconds long, and it plays.
  const player = dialog.getByTestId('generated-video');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeCloseTo(3, 1);
  await player.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  // Seeking works: the server answers byte ranges.
  await player.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 2.5;
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeCloseTo(2.5, 1);

  expect(await credits(page)).toBe(before - 10);
  // The credit history names what the 10 credits paid for.
  const settings = await page.context().newPage();
  await settings.goto('/settings');
  await expect(settings.getByTestId('credit-history').getByRole('listitem').first()).toContainText(
    /^Video.*−10$/,
  );
  await settings.close();

  // Download: the saved file is the H.264 MP4 of 72 frames at 24 fps.
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download MP4' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('video-Zoom_out.mp4');
  const file = fs.readFileSync((await download.path())!);
  expect(describeVideoTrack(readMp4(file))).toMatchObject({
    codec: 'avc1',
    frames: 72,
    fps: 24,
    seconds: 3,
  });

  // A failed download says so in the catalogue's words.
  await page.route(`**${body.videoUrl}`, (route) => route.abort());
  await dialog.getByRole('button', { name: 'Download MP4' }).click();
  await expectToast(page, 'Download Failed', 'Could not download the video.');
  await page.unroute(`**${body.videoUrl}`);

  // Closed, the video stays in the panel under the canvas.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('video-panel').getByTestId('generated-video')).toBeVisible();
});

test('two-step render stops after its local sketch step and says why', async ({ page }) => {
  test.setTimeout(90_000);
  await openEditor(page);
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(page.getByTestId('history-position')).toHaveText('Image 1 of 1');
  await page.getByRole('tab', { name: 'More' }).click();
  await expect(page.getByRole('button', { name: /^Multiview/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Multiview/ })).toContainText(
    'Needs a hosted image model',
  );
  await page.getByRole('button', { name: /^Two-step render/ }).click();
  const status = page.getByTestId('two-step-status');
  // A real local edit, often the server's first: its engine thread starts (code and models).
  await expect(page.getByTestId('history-position')).toHaveText('Image 2 of 2', {
    timeout: 45_000,
  });
  await expect(status).toContainText('Step 2 needs a hosted image model');
  await expect(status).not.toContainText('Complete');
});
