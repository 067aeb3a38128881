import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, smallPhoto, upload } from './image-helpers.ts';

/** Upscaling and the background-removal presets through POST /api/edit-image, as the editor calls them. */
let app: App;
let headers: Record<string, string>;
let imageUrl: string;

beforeAll(async () => {
  app = await buildTestApp();
  const user = await newSignedInUser(app);
  headers = user.headers;
  await setCredits(app, user.user.id, 20);
  const res = await upload(app, headers, await smallPhoto('coffee.png', 240));
  imageUrl = res.json().imageUrl;
}, 60_000);
afterAll(() => app.close());

const edit = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/edit-image', headers, payload });

describe('upscaling', () => {
  it('makes one image at twice the size, for 1 credit whatever numImages says', async () => {
    const source = await sharp(await fetchStored(app, imageUrl, headers)).metadata();
    const res = await edit({ imageUrl, preset: 'upscale-2x-fast', numImages: 4 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.creditsUsed).toBe(1);
    expect(body.edited_images).toHaveLength(1);
    const result = await sharp(await fetchStored(app, body.edited_image, headers)).metadata();
    expect([result.width, result.height]).toEqual([source.width! * 2, source.height! * 2]);
    expect(body.applied[0]).toMatch(/Lanczos/);
  });

  it('uses ESRGAN for upscale-4x', async () => {
    const source = await sharp(await fetchStored(app, imageUrl, headers)).metadata();
    const res = await edit({ imageUrl, preset: 'upscale-4x' });
    expect(res.statusCode).toBe(200);
    const result = await sharp(await fetchStored(app, res.json().edited_image, headers)).metadata();
    expect(result.width).toBe(source.width! * 4);
    expect(res.json().applied[0]).toMatch(/ESRGAN/);
  }, 60_000);

  it('refuses a factor it does not offer', async () => {
    const res = await edit({ imageUrl, preset: 'upscale-3x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unknown_preset');
  });
});

describe('background removal presets', () => {
  it('White BG cuts the subject out onto white', async () => {
    const res = await edit({ imageUrl, preset: 'white-bg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().applied[0]).toMatch(/cut out onto pure white/);
    const { data, info } = await sharp(await fetchStored(app, res.json().edited_image, headers))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The top rows are the white margin.
    const rows = Math.floor(info.height * 0.04);
    let min = 255;
    for (let i = 0; i < rows * info.width * info.channels; i++) min = Math.min(min, data[i]!);
    expect(min).toBeGreaterThan(245);
  }, 90_000);
});
