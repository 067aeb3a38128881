import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';
import { placed, type Placed } from '../support/whiteboard.ts';

const fixture = (name: string) => path.join(path.dirname(LIVING_ROOM_PHOTO), name);
const PHOTOS = [LIVING_ROOM_PHOTO, fixture('coffee.png'), fixture('cat.png')];

/** A point on screen inside an image (the view is the default one: 100 %, origin top-left). */
async function pointIn(page: Page, item: Placed) {
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  return { x: box.x + item.x + 60, y: box.y + item.y + 50 };
}

const saved = (page: Page) =>
  expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

test('whiteboard: send from the editor, add, arrange, reorder, keep it after a reload, zoom, export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  const canvasImage = page.getByTestId('canvas-image');
  for (const photo of PHOTOS) {
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/save-original-image'));
    await page.getByTestId('image-file-input').setInputFiles(photo);
    expect((await uploaded).status()).toBe(200);
    await expect(canvasImage).toBeVisible();
  }

  // Right-click on the image: 'Send to Whiteboard', then the toast's way to the board.
  await canvasImage.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Send to Whiteboard' }).click();
  await expect(page.getByText('Sent to Whiteboard', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Open whiteboard' }).click();
  await expect(page).toHaveURL(/\/whiteboard$/);
  await expect(page.getByRole('heading', { name: 'Whiteboard' })).toBeVisible();
  await expect(page.getByTestId('board-items').locator('li')).toHaveCount(1);
  const [sent] = await placed(page);

  // Two more from the account's images.
  await page.getByRole('button', { name: 'Add from your images' }).first().click();
  const picker = page.getByTestId('image-picker');
  await expect(picker.locator('li')).toHaveCount(3);
  await picker.locator('li button').nth(1).click();
  await picker.locator('li button').nth(2).click();
  await picker.getByRole('button', { name: 'Add to board (2)' }).click();
  await expect(page.getByTestId('board-items').locator('li')).toHaveCount(3);
  await saved(page);
  const afterAdd = await placed(page);
  expect(afterAdd.map((i) => i.z)).toEqual([1, 2, 3]);
  expect(afterAdd[0]!.id).toBe(sent!.id);

  // Drag the sent image by (100, 50); Ctrl-click adds a second image to the selection.
  const from = await pointIn(page, sent!);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 50, from.y + 25, { steps: 5 });
  await page.mouse.move(from.x + 100, from.y + 50, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await placed(page)).find((i) => i.id === sent!.id))
    .toMatchObject({ x: sent!.x + 100, y: sent!.y + 50 });
  const moved = (await placed(page))[0]!;
  const second = afterAdd[1]!;
  await page.keyboard.down('Control');
  const secondPoint = await pointIn(page, second);
  await page.mouse.click(secondPoint.x, secondPoint.y);
  await page.keyboard.up('Control');
  await expect(page.getByTestId('whiteboard')).toHaveAttribute('data-selected-count', '2');

  // The context menu: the right-clicked image goes to the front.
  await page.mouse.click(secondPoint.x, secondPoint.y);
  const point = await pointIn(page, moved);
  await page.mouse.click(point.x, point.y, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Bring to front' }).click();
  await expect.poll(async () => (await placed(page)).at(-1)?.id).toBe(sent!.id);
  await saved(page);
  const before = await placed(page);

  await page.reload();
  await expect(page.getByTestId('board-items').locator('li')).toHaveCount(3);
  expect(await placed(page)).toEqual(before);

  // Zoom with the buttons and the wheel; reset view brings back 100 %.
  const zoom = page.getByTestId('zoom-level');
  await expect(zoom).toHaveText('100%');
  await page.getByRole('button', { name: 'Zoom in (+)' }).click();
  await expect(zoom).toHaveText('125%');
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  await expect(zoom).not.toHaveText('125%');
  await page.getByRole('button', { name: 'Reset view (0)' }).click();
  await expect(zoom).toHaveText('100%');

  // The whole board as one PNG.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-board').click();
  const file = await (await download).path();
  const png = fs.readFileSync(file);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const items = await placed(page);
  const spanX = Math.max(...items.map((i) => i.x + 200)) - Math.min(...items.map((i) => i.x));
  // Two pixels per board unit, plus a margin.
  expect(width).toBeGreaterThanOrEqual(spanX * 2);
  expect(width).toBeLessThan(spanX * 2 + 200);
  expect(height).toBeGreaterThanOrEqual(300);
  expect(png.length).toBeGreaterThan(20_000);
});
