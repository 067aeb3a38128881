import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { openaiRoute } from '../../../packages/engine/src/hosted/test-support/provider-routes.ts';
import {
  startStandIn,
  type StandIn,
} from '../../../packages/engine/src/hosted/test-support/stand-in.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, smallPhoto, upload } from './image-helpers.ts';

let openai: StandIn;
let editOnly: App;
let masked: App;

beforeAll(async () => {
  // What gpt-image answers: a PNG of another photograph, so every changed pixel shows.
  const picture = await sharp(await smallPhoto('bedroom.jpg', 320))
    .png()
    .toBuffer();
  openai = await startStandIn(openaiRoute(picture, () => ({})));
  const settings = {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test-selection',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    AI_RETRY_BASE_MS: '5',
  };
  editOnly = await buildTestApp({ ...settings, AI_PROVIDER_INPAINT: 'local' });
  masked = await buildTestApp(settings);
});
afterAll(async () => {
  await editOnly.close();
  await masked.close();
  await openai.close();
});

async function editWithBox(app: App) {
  const signedIn = await newSignedInUser(app);
  await setCredits(app, signedIn.user.id, 5);
  const { imageUrl } = (await upload(app, signedIn.headers, await smallPhoto())).json();
  const res = await app.inject({
    method: 'POST',
    url: '/api/edit-image',
    headers: signedIn.headers,
    payload: {
      imageUrl,
      prompt: 'a green velvet sofa',
      selection: { box: { x: 20, y: 55, width: 50, height: 33 } },
    },
  });
  expect(res.statusCode).toBe(200);
  const before = await fetchStored(app, imageUrl, signedIn.headers);
  const after = await fetchStored(app, res.json().edited_image, signedIn.headers);
  return { before, after };
}

/** Mean absolute difference per channel over a rectangle (fractions of the size). */
async function change(a: Buffer, b: Buffer, l: number, t: number, r: number, bottom: number) {
  const one = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const two = await sharp(b).removeAlpha().raw().toBuffer();
  const { width, height } = one.info;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(t * height); y < bottom * height; y++)
    for (let x = Math.floor(l * width); x < r * width; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        sum += Math.abs(one.data[i]! - two[i]!);
        n++;
      }
  return sum / n;
}

/** The mask of the n-th request to the stand-in; OpenAI's convention: transparent = paint. */
async function maskSent(n: number) {
  const request = openai.requests[n]!;
  expect(request.path).toBe('/v1/images/edits');
  const mask = request.form!.get('mask') as File;
  return sharp(Buffer.from(await mask.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe('hosted edits on a selection', () => {
  it('send the mask to the masked edit call and keep every pixel outside it', async () => {
    const sent = openai.requests.length;
    const { before, after } = await editWithBox(masked);
    const { data, info } = await maskSent(sent);
    const alphaAt = (fx: number, fy: number) =>
      data[(Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 4 + 3];
    expect(alphaAt(0.45, 0.66)).toBe(0);
    expect(alphaAt(0.45, 0.2)).toBe(255);
    expect(await change(before, after, 0.35, 0.62, 0.55, 0.7)).toBeGreaterThan(10);
    expect(await change(before, after, 0, 0, 1, 0.4)).toBeLessThan(1.5);
  });

  it('composite a plain hosted edit inside the selection when no masked call is routed', async () => {
    const { before, after } = await editWithBox(editOnly);
    expect(await change(before, after, 0.35, 0.62, 0.55, 0.7)).toBeGreaterThan(10);
    expect(await change(before, after, 0, 0, 1, 0.4)).toBeLessThan(1.5);
  });
});

describe('hosted click-to-remove', () => {
  it('sends the object’s outline, not its box, and keeps every pixel outside it', async () => {
    const signedIn = await newSignedInUser(masked);
    await setCredits(masked, signedIn.user.id, 5);
    const { imageUrl } = (await upload(masked, signedIn.headers, await smallPhoto())).json();
    const sent = openai.requests.length;
    const res = await masked.inject({
      method: 'POST',
      url: '/api/remove-object',
      headers: signedIn.headers,
      payload: { imageUrl, x: 45, y: 70 },
    });
    expect(res.statusCode).toBe(200);
    const { box } = res.json().removed;
    const { data, info } = await maskSent(sent);
    // Inside the detector's box, the outline leaves out what is not the sofa (the legs' gaps,
    // the wall above its curved back); a box mask would be open on all of it.
    const [left, right] = [box.x, box.x + box.width].map((v) => Math.round((v / 100) * info.width));
    const [top, bottom] = [box.y, box.y + box.height].map((v) =>
      Math.round((v / 100) * info.height),
    );
    let open = 0;
    for (let y = top!; y < bottom!; y++)
      for (let x = left!; x < right!; x++) if (data[(y * info.width + x) * 4 + 3] === 0) open++;
    const share = open / ((right! - left!) * (bottom! - top!));
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.95);
    const before = await fetchStored(masked, imageUrl, signedIn.headers);
    const after = await fetchStored(masked, res.json().editedImageUrl, signedIn.headers);
    expect(await change(before, after, 0.35, 0.62, 0.55, 0.7)).toBeGreaterThan(10);
    expect(await change(before, after, 0, 0, 1, 0.4)).toBeLessThan(1.5);
  });
});

describe('hosted text edits', () => {
  it('send the text’s mask to the masked edit call and keep every pixel outside it', async () => {
    const street = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../packages/engine/eval/photos/scenetext01.jpg'),
    );
    const signedIn = await newSignedInUser(masked);
    await setCredits(masked, signedIn.user.id, 5);
    const { imageUrl } = (await upload(masked, signedIn.headers, street)).json();
    const sent = openai.requests.length;
    const res = await masked.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers: signedIn.headers,
      payload: { imageUrl, prompt: 'remove the text' },
    });
    expect(res.statusCode).toBe(200);
    const { data, info } = await maskSent(sent);
    const alphaAt = (x: number, y: number) =>
      data[
        (Math.floor((y / 600) * info.height) * info.width + Math.floor((x / 800) * info.width)) *
          4 +
          3
      ];
    // Open on the sign's lines (DOUBLE, PROHIBITED), closed on the sign between them and beyond.
    expect(alphaAt(350, 104)).toBe(0);
    expect(alphaAt(350, 188)).toBe(0);
    expect(alphaAt(350, 263)).toBe(255);
    expect(alphaAt(100, 100)).toBe(255);
    expect(alphaAt(600, 500)).toBe(255);
    const before = await fetchStored(masked, imageUrl, signedIn.headers);
    const after = await fetchStored(masked, res.json().editedImageUrl, signedIn.headers);
    // The sign's DOUBLE line took the stand-in's answer; the street below did not change.
    expect(await change(before, after, 0.36, 0.15, 0.52, 0.2)).toBeGreaterThan(10);
    expect(await change(before, after, 0, 0.5, 1, 1)).toBeLessThan(1.5);
  });

  it('refuse a text edit when the photo shows no text, before calling the provider', async () => {
    const signedIn = await newSignedInUser(masked);
    await setCredits(masked, signedIn.user.id, 5);
    const { imageUrl } = (
      await upload(masked, signedIn.headers, await smallPhoto('cat.png'))
    ).json();
    const sent = openai.requests.length;
    const res = await masked.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers: signedIn.headers,
      payload: { imageUrl, prompt: 'pixelate the text' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().clauses).toEqual([
      expect.objectContaining({ done: false, code: 'not_found', params: { target: 'text' } }),
    ]);
    expect(openai.requests.length).toBe(sent);
    const stats = await masked.inject({
      method: 'GET',
      url: '/api/user/stats',
      headers: signedIn.headers,
    });
    expect(stats.json().creditsRemaining).toBe(5);
  });
});
