import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createAccount } from './accounts.ts';

/** A licensed test photo kept in the project (see packages/engine/test/fixtures). */
export const LIVING_ROOM_PHOTO = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/**
 * Signs a fresh account up and opens its verification link through the page's request context,
 * which shares the browser's cookies: the page is then signed in, wherever it goes next. Only
 * auth.spec.ts follows the link in the page (the landing's toast and reload); every other journey
 * starts at its own screen instead of loading the landing twice on a busy machine.
 */
export async function signUpAndVerify(page: Page, name?: { firstName: string; lastName: string }) {
  const account = await createAccount(page.request, name);
  const verified = await page.request.get(account.verificationUrl, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers()['location']).toBe('/?verified=true');
  return account;
}

/** Uploads a photo through the editor's file input and waits for the server's answer. */
export async function uploadInEditor(page: Page, file: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-original-image'));
  await page.getByTestId('image-file-input').setInputFiles(file);
  const answer = await saved;
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { id: string; imageUrl: string };
}

/** The steps of the history branch on screen, as their texts. */
export const historySteps = (page: Page) =>
  page.getByRole('list', { name: 'Steps of this branch' }).getByRole('listitem');
