import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import sharp from 'sharp';
import { LIVING_ROOM_PHOTO, signUpAndVerify } from './editor.ts';

/** A fresh verified account with the editor open. */
export async function openEditor(page: Page) {
  await signUpAndVerify(page);
  await page.goto('/editor');
  await expect(page.getByRole('heading', { name: 'Image Editor' })).toBeVisible();
}

/** A toast of the error catalogue: its title and its description, both on screen. */
export const expectToast = (page: Page, title: string, description: string) =>
  Promise.all([
    expect(page.getByText(title, { exact: true })).toBeVisible(),
    expect(page.getByText(description, { exact: true })).toBeVisible(),
  ]);

/** Presses the mouse at `from` of the element's width (0-1), drags to `to`, and lets go. */
export async function dragAcross(page: Page, element: Locator, from: number, to: number) {
  const box = await element.boundingBox();
  if (!box) throw new Error('nothing to drag on');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 8 });
  await page.mouse.up();
}

/** The licensed living-room photo made `width` px wide, as a JPEG to upload quickly. */
export async function smallPhoto(width: number, name = `living-room-${width}.jpg`) {
  const buffer = await sharp(LIVING_ROOM_PHOTO).resize({ width }).jpeg({ quality: 90 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Mean luminance (Rec. 709, 0-255) of an image's pixels. */
export async function meanLuminance(image: Buffer): Promise<number> {
  const { channels } = await sharp(image).removeAlpha().toColourspace('srgb').stats();
  const [r, g, b] = channels.map((c) => c.mean) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The bytes of one of the account's stored images, fetched with the page's session. */
export async function imageBytes(request: APIRequestContext, url: string): Promise<Buffer> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.body();
}

/** The stored image an editor <img> shows: its optimize-image address names it in `url`. */
export async function shownImageUrl(image: Locator): Promise<string> {
  const src = await image.getAttribute('src');
  if (!src) throw new Error('image without src');
  const parsed = new URL(src, 'http://x');
  return parsed.pathname === '/api/optimize-image' ? parsed.searchParams.get('url')! : src;
}

/** Counts the page's requests to `pathname` from now on; call the answer to read the count. */
export function countRequests(page: Page, pathname: string) {
  let count = 0;
  page.on('request', (r) => void (new URL(r.url()).pathname === pathname && count++));
  return () => count;
}

/** The JSON body of the next POST /api/edit-image the page sends. */
export function nextEditRequest(page: Page) {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/api/edit-image'))
    .then((r) => r.postDataJSON() as { imageUrl?: string; prompt: string; preset?: string });
}

export interface SavedImage {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
}

/** The account's history records as GET /api/edited-images lists them. */
export async function editedImages(request: APIRequestContext) {
  const res = await request.get('/api/edited-images');
  expect(res.status()).toBe(200);
  return (await res.json()) as (SavedImage & {
    prompt: string;
    model: string;
    parentImageUrl: string | null;
  })[];
}

/** Uploads a file as a new original through the API, as the editor does. */
export async function uploadThroughApi(
  request: APIRequestContext,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  return request.post('/api/save-original-image', { multipart: { image: file } });
}

/** A PNG of random noise: noise does not compress, so the file is as large as its pixels. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The PNG signature every PNG file starts with. */
export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Spends the account's credits through the API: `times` edits of four images each, a few at a
 * time (the server allows 30 edits a minute per account).
 */
export async function spendCredits(request: APIRequestContext, imageUrl: string, times: number) {
  const statuses: number[] = [];
  for (let done = 0; done < times; done += 5) {
    const batch = Array.from({ length: Math.min(5, times - done) }, () =>
      request.post('/api/edit-image', { data: { imageUrl, prompt: 'darker', numImages: 4 } }),
    );
    for (const res of await Promise.all(batch)) statuses.push(res.status());
  }
  return statuses;
}
