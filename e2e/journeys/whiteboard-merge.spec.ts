import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';
import { shareForWriting } from '../support/sharing.ts';
import { placed } from '../support/whiteboard.ts';

const COFFEE_PHOTO = path.join(path.dirname(LIVING_ROOM_PHOTO), 'coffee.png');

const where = async (page: Page, id: string) => (await placed(page)).find((i) => i.id === id);

const saved = (page: Page) =>
  expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

/** Drags an image by (dx, dy) board units (the default view: 100 %, origin top-left). */
async function drag(page: Page, id: string, dx: number, dy: number) {
  const item = (await where(page, id))!;
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  const from = { x: box.x + item.x + 60, y: box.y + item.y + 50 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => where(page, id)).toMatchObject({ x: item.x + dx, y: item.y + dy });
  return { x: item.x + dx, y: item.y + dy };
}

/** Holds this page's board saves until `release()`: the other person saves first. */
async function holdSaves(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = new Promise<void>((resolve) => {
    void page.route('**/api/whiteboard', async (route) => {
      if (route.request().method() === 'PUT') {
        resolve();
        await held;
      }
      await route.fallback();
    });
  });
  return {
    sent,
    release: async () => {
      release();
      await page.unroute('**/api/whiteboard');
    },
  };
}

test('two people on one whiteboard: moves of different images are both kept; on the same image the later one is told whose change is shown, and Undo brings theirs back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const guestPage = await guestContext.newPage();
  await signUpAndVerify(ownerPage, { firstName: 'Ada', lastName: 'Lovelace' });
  const guest = await signUpAndVerify(guestPage);

  // The owner puts two photos on the board.
  await ownerPage.goto('/editor');
  for (const photo of [LIVING_ROOM_PHOTO, COFFEE_PHOTO]) {
    const uploaded = ownerPage.waitForResponse((r) => r.url().endsWith('/api/save-original-image'));
    await ownerPage.getByTestId('image-file-input').setInputFiles(photo);
    expect((await uploaded).status()).toBe(200);
  }
  await ownerPage.goto('/whiteboard');
  await ownerPage.getByRole('button', { name: 'Add from your images' }).first().click();
  const picker = ownerPage.getByTestId('image-picker');
  await expect(picker.locator('li')).toHaveCount(2);
  await picker.locator('li button').nth(0).click();
  await picker.locator('li button').nth(1).click();
  await picker.getByRole('button', { name: 'Add to board (2)' }).click();
  await saved(ownerPage);

  // ...and lets the other person change the account; they open the board in German.
  await shareForWriting(ownerPage, guestPage, guest.email);
  await guestPage.goto('/whiteboard?lng=de');
  await ownerPage.goto('/whiteboard');
  await expect(guestPage.getByTestId('board-items').locator('li')).toHaveCount(2);
  await expect(ownerPage.getByTestId('board-items').locator('li')).toHaveCount(2);
  const [first, second] = (await placed(ownerPage)).map((i) => i.id) as [string, string];

  // Different images at the same time: both moves are kept on both screens.
  let hold = await holdSaves(guestPage);
  const guestMoved = await drag(guestPage, second, 120, 0);
  await hold.sent;
  const ownerMoved = await drag(ownerPage, first, 0, 120);
  await saved(ownerPage);
  await hold.release();
  await saved(guestPage);
  for (const page of [guestPage, ownerPage]) {
    await expect.poll(() => where(page, first)).toMatchObject(ownerMoved);
    await expect.poll(() => where(page, second)).toMatchObject(guestMoved);
  }

  // The same image at the same time: the later save is told whose change is shown.
  hold = await holdSaves(guestPage);
  const mine = await drag(guestPage, first, 60, 0);
  await hold.sent;
  const theirs = await drag(ownerPage, first, 0, 60);
  await saved(ownerPage);
  await hold.release();
  await expect(guestPage.getByText('Deine Änderung wurde ersetzt', { exact: true })).toBeVisible();
  await expect(
    guestPage.getByText(
      'Ada Lovelace hat gleichzeitig dasselbe Bild geändert. Diese Änderung wird angezeigt; Rückgängig holt deine zurück.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect.poll(() => where(guestPage, first)).toMatchObject(theirs);
  // The other image's earlier move is untouched; Undo brings this person's move back.
  await expect.poll(() => where(guestPage, second)).toMatchObject(guestMoved);
  await guestPage.getByTestId('whiteboard').click({ position: { x: 5, y: 5 } });
  await guestPage.keyboard.press('Control+z');
  await expect.poll(() => where(guestPage, first)).toMatchObject(mine);
  await saved(guestPage);
  await expect.poll(() => where(ownerPage, first)).toMatchObject(mine);

  // The board, arranged on a wide screen, opens on the owner's phone with every image in view.
  const phoneContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    storageState: { cookies: await ownerContext.cookies(), origins: [] },
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/whiteboard');
  await expect(phone.getByTestId('board-items').locator('li')).toHaveCount(2);
  await expect(phone.getByTestId('zoom-level')).not.toHaveText('100%');
  // Fitted: zoomed out below 100 % (where the images are is checked by opening-view.test.ts).
  const zoom = Number((await phone.getByTestId('zoom-level').textContent())!.replace('%', ''));
  expect(zoom).toBeLessThan(100);
  await phone.screenshot({ path: test.info().outputPath('phone-board.png') });
  await phoneContext.close();

  await ownerContext.close();
  await guestContext.close();
});
