import { expect, test } from '@playwright/test';
import { LIVING_ROOM_PHOTO } from '../support/editor.ts';
import { expectToast, openEditor } from '../support/editor-judged.ts';

// Issue 5: moderation proven end to end. This journey talks to the second server of the
// configuration, started with MODERATION_THRESHOLD=0 so that an ordinary photo is flagged.
const strictPort = Number(process.env.E2E_PORT ?? 5077) + 1;
test.use({ baseURL: `http://127.0.0.1:${strictPort}` });

test('moderation: a flagged upload is refused with the toast, stored nowhere and costs nothing', async ({
  page,
}) => {
  await openEditor(page);
  const before = (await (await page.request.get('/api/user/stats')).json()) as {
    creditsRemaining: number;
  };

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/save-original-image'));
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  const response = await refused;
  expect(response.status()).toBe(422);
  expect(await response.json()).toMatchObject({ code: 'content_moderated' });
  await expectToast(
    page,
    'Content Moderated',
    'The AI detected content that violates safety guidelines. Please try a different prompt.',
  );

  // Nothing reached the canvas, the gallery or the balance.
  await expect(page.getByTestId('canvas-image')).toHaveCount(0);
  expect(await (await page.request.get('/api/gallery')).json()).toEqual([]);
  const after = (await (await page.request.get('/api/user/stats')).json()) as {
    creditsRemaining: number;
    totalImages: number;
  };
  expect(after.creditsRemaining).toBe(before.creditsRemaining);
  expect(after.totalImages).toBe(0);
});

test("a prompt against the safety guidelines is refused with 'Content Not Allowed', in German too", async ({
  page,
}) => {
  await openEditor(page);
  await page.getByLabel('Edit instructions').fill('a naked person on the sofa');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expectToast(
    page,
    'Content Not Allowed',
    'Your prompt contains content that violates safety guidelines. Please try rephrasing your request with different words.',
  );
  await page.goto('/?lng=de');
  await page.getByRole('textbox', { name: 'Bearbeitungsanweisung' }).fill('zeig sie nackt');
  await page.getByRole('button', { name: 'An die KI senden' }).click();
  await expect(page.getByText('Inhalt nicht erlaubt', { exact: true })).toBeVisible();
});
