import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createAccount } from './accounts.ts';

/** A licensed test photo kept in the project (see packages/engine/test/fixtures). */
export const LIVING_ROOM_PHOTO = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/** Signs a fresh account up through the API and opens its verification link in the page. */
export async function signUpAndVerify(page: Page, name?: { firstName: string; lastName: string }) {
  const account = await createAccount(page.request, name);
  await page.goto(account.verificationUrl);
  // The page reloads itself 1.5 s after the toast, signed in; a navigation started before that
  // reload would be cut off by it, so the journey goes on once it has happened.
  const reloaded = page.waitForEvent('load');
  // A loaded server (other journeys' edits on the same 2 cores) can take a while to answer.
  await expect(page.getByText('Email Verified!', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await reloaded;
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
