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

describe('hosted edits on a selection', () => {
  it('send the mask to the masked edit call and keep every pixel outside it', async () => {
    const sent = openai.requests.length;
    const { before, after } = await editWithBox(masked);
    const request = openai.requests[sent]!;
    expect(request.path).toBe('/v1/images/edits');
    const mask = request.form!.get('mask') as File;
    // OpenAI's convention: transparent where the model may paint.
    const { data, info } = await sharp(Buffer.from(await mask.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
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
