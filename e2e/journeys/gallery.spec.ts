import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify, uploadInEditor } from '../support/editor.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

const COFFEE_PHOTO = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/coffee.png',
);

const tiles = (page: Page) => page.getByTestId('gallery-tile');
const openButton = (page: Page, index: number) =>
  tiles(page)
    .nth(index)
    .getByRole('button', { name: /^Open / });

test('gallery: two uploads, click + Shift-click, Delete, confirm; a second tab sees them go', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  await uploadInEditor(page, LIVING_ROOM_PHOTO);
  await uploadInEditor(page, COFFEE_PHOTO);

  // A second tab of the same account, already on the gallery.
  const other = await context.newPage();
  await other.goto('/editor?view=gallery');
  await expect(tiles(other)).toHaveCount(2);

  // Wide screens switch to the gallery from the top bar.
  await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/[?&]view=gallery/);
  await expect(tiles(page)).toHaveCount(2);
  // Newest first; an upload is titled by its file name.
  await expect(openButton(page, 0)).toHaveAccessibleName(/coffee/);
  await expect(openButton(page, 1)).toHaveAccessibleName(/living-room/);
  await expect(page.getByTestId('gallery-count')).toHaveText('2 images');

  // Ctrl/Cmd+A selects all, Escape clears.
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByTestId('gallery-count')).toHaveText('2 selected');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('gallery-count')).toHaveText('2 images');

  // Ctrl/Cmd-click one, Shift-click the other: the range is both.
  await openButton(page, 0).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('gallery-count')).toHaveText('1 selected');
  await openButton(page, 1).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('gallery-count')).toHaveText('2 selected');
  await expect(tiles(page).getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Delete Selected (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Selection' })).toBeVisible();

  // The Delete key asks first.
  await page.keyboard.press('Delete');
  const confirm = page.getByTestId('confirm-delete');
  await expect(confirm.getByRole('heading', { name: 'Confirm delete.' })).toBeVisible();
  await expectNoAxeViolations(page, 'gallery delete dialog');
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/gallery/delete'));
  await confirm.getByRole('button', { name: 'Delete 2 images' }).click();
  expect(await (await deleted).json()).toMatchObject({ deleted: 2 });
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.getByText('No images yet', { exact: true })).toBeVisible();

  // The other tab follows without a reload (live events / BroadcastChannel).
  await expect(tiles(other)).toHaveCount(0, { timeout: 5_000 });
  await expect(other.getByText('No images yet', { exact: true })).toBeVisible();
});

test('gallery: favourite filter, drag to reorder (kept after a reload), lightbox, Send to Edit', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  const livingRoom = await uploadInEditor(page, LIVING_ROOM_PHOTO);
  await uploadInEditor(page, COFFEE_PHOTO);
  await page.goto('/editor?view=gallery');
  await expect(tiles(page)).toHaveCount(2);

  // Favourite the living room (the server keeps it) and filter by favourites.
  const favourite = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await tiles(page).nth(1).hover();
  await tiles(page).nth(1).getByRole('button', { name: 'Add to favourites' }).click();
  expect((await favourite).status()).toBe(200);
  await page.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(tiles(page)).toHaveCount(1);
  await expect(openButton(page, 0)).toHaveAccessibleName(/living-room/);
  await page.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(tiles(page)).toHaveCount(2);

  // Drag the coffee (first) onto the living room: one reorder call with the new neighbour.
  const reorder = page.waitForRequest((r) => r.url().endsWith('/api/gallery/reorder'));
  const from = (await tiles(page).nth(0).boundingBox())!;
  const to = (await tiles(page).nth(1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  const body = (await reorder).postDataJSON() as { beforeId?: string; afterId?: string };
  expect(body.beforeId).toBeTruthy();
  expect(body.afterId).toBeUndefined();
  await expect(openButton(page, 0)).toHaveAccessibleName(/living-room/);
  await page.reload();
  await expect(openButton(page, 0)).toHaveAccessibleName(/living-room/);
  await expect(openButton(page, 1)).toHaveAccessibleName(/coffee/);

  // The lightbox: counter, wrap-around, thumbnails, backdrop closes.
  await openButton(page, 0).click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox.getByText('1 of 2')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Next image' }).click();
  await expect(lightbox.getByText('2 of 2')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Next image' }).click();
  await expect(lightbox.getByText('1 of 2')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.getByText('2 of 2')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Show image 1' }).click();
  await expect(lightbox.getByText('1 of 2')).toBeVisible();
  await lightbox.getByTestId('lightbox-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(lightbox).toBeHidden();

  // Send to Edit: back on the Canvas with that image (the canvas showed the coffee, last upload).
  await openButton(page, 0).click();
  await lightbox.getByRole('button', { name: 'Send to Edit' }).click();
  await expect(page).not.toHaveURL(/view=gallery/);
  await expect(page.getByTestId('canvas-image')).toBeVisible();
  await expect(page.getByTestId('canvas-image')).toHaveAttribute(
    'src',
    new RegExp(encodeURIComponent(livingRoom.imageUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
});
