import { afterEach, describe, expect, it } from 'vitest';
import { STYLE_TRANSFER_CREDITS } from '@image-lab/contract';
import { createLocalProvider, ProviderRegistry, type Provider } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App | undefined;
afterEach(() => app?.close());

/** A signed-in person with a picture and a reference image, and `credits` to spend. */
async function setUp(credits: number, parts: Parameters<typeof buildTestApp>[1] = {}) {
  app = await buildTestApp({}, parts);
  const { headers, user } = await newSignedInUser(app);
  await setCredits(app, user.id, credits);
  const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
  const reference = (await upload(app, headers, await smallPhoto('bedroom.jpg'))).json();
  const edit = (payload: Record<string, unknown>) =>
    app!.inject({ method: 'POST', url: '/api/edit-image', headers, payload });
  const credit = async () =>
    (await app!.inject({ method: 'GET', url: '/api/user/stats', headers })).json()
      .creditsRemaining as number;
  return { edit, credit, imageUrl, referenceImageUrl: reference.imageUrl as string };
}

describe('style application costs 10 credits (working areas §9, decision 045)', () => {
  it('takes 10 credits for a style transfer, not 1', async () => {
    const { edit, credit, imageUrl, referenceImageUrl } = await setUp(25);
    const res = await edit({ imageUrl, preset: 'style-transfer', referenceImageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: 10, creditsRemaining: 15 });
    expect(await credit()).toBe(25 - STYLE_TRANSFER_CREDITS);
    // A prompt the engine routes to style transfer is priced the same.
    const byPrompt = await edit({ imageUrl, prompt: 'Stiltransfer', referenceImageUrl });
    expect(byPrompt.statusCode).toBe(200);
    expect(await credit()).toBe(5);
    // An ordinary edit still costs 1.
    expect((await edit({ imageUrl, prompt: 'brighter' })).json().creditsUsed).toBe(1);
  });

  it('refuses with 402 and takes nothing when the balance is under 10 per image', async () => {
    const { edit, credit, imageUrl, referenceImageUrl } = await setUp(15);
    const res = await edit({ imageUrl, preset: 'style-transfer', referenceImageUrl, numImages: 2 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBeTruthy();
    expect(await credit()).toBe(15);
    const noReference = await edit({ imageUrl, prompt: 'style transfer' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toBe('Choose a reference image for style transfer.');
    expect(await credit()).toBe(15);
  });

  it('gives the 10 credits back when the style transfer fails', async () => {
    const local = createLocalProvider();
    const broken: Provider = {
      ...local,
      id: 'broken',
      preset: async () => {
        throw new Error('model crashed');
      },
    };
    const { edit, credit, imageUrl, referenceImageUrl } = await setUp(12, {
      engine: new ProviderRegistry([broken]),
    });
    const res = await edit({ imageUrl, preset: 'style-transfer', referenceImageUrl });
    expect(res.statusCode).toBe(500);
    expect(await credit()).toBe(12);
  });
});
