import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AccountEvent } from '../src/platform/events.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import {
  difference,
  fetchStored,
  form,
  meanLuminance,
  smallPhoto,
  storedFiles,
  upload,
} from './image-helpers.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function person(credits = 100) {
  const signedIn = await newSignedInUser(app);
  await setCredits(app, signedIn.user.id, credits);
  const { imageUrl } = (await upload(app, signedIn.headers, await smallPhoto())).json();
  return { ...signedIn, imageUrl };
}

const edit = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/edit-image', headers, payload });

const stats = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json();

describe('POST /api/edit-image', () => {
  it('edits by prompt, records the result under its parent and takes one credit', async () => {
    const { headers, imageUrl, user } = await person(10);
    const events: AccountEvent[] = [];
    const stop = await app.events.subscribe(user.id, (e) => events.push(e));
    const res = await edit(headers, { imageUrl, prompt: 'make it much brighter' });
    stop();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.edited_images).toHaveLength(1);
    expect(body.edited_image).toBe(body.editedImageUrl);
    expect(body.original_image).toBe(imageUrl);
    expect(body.images[0]).toMatchObject({ parentImageUrl: imageUrl, imageType: 'generated' });
    expect(body.creditsRemaining).toBe(9);
    const before = await meanLuminance(await fetchStored(app, imageUrl, headers));
    const after = await meanLuminance(await fetchStored(app, body.edited_image, headers));
    expect(after).toBeGreaterThan(before + 10);
    const types = events.map((e) => e.type);
    expect(types).toContain('job-progress');
    expect(types).toContain('images-updated');
    expect(types).toContain('credits-updated');
    expect((await stats(headers)).creditsRemaining).toBe(9);
  });

  it('takes an uploaded file in a multipart form and keeps it as the original', async () => {
    const { headers } = await person();
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: form({
        image: { data: await smallPhoto('cat.png', 300), filename: 'cat.png' },
        prompt: 'black and white',
        numImages: '1',
      }),
    });
    expect(res.statusCode).toBe(200);
    const result = await sharp(await fetchStored(app, res.json().edited_image, headers)).stats();
    const [r, g, b] = result.channels.map((c) => c.mean);
    expect(Math.abs(r! - g!) + Math.abs(g! - b!)).toBeLessThan(2);
    const history = (await app.inject({ method: 'GET', url: '/api/history', headers })).json();
    expect(history.map((h: { imageType: string }) => h.imageType).sort()).toEqual([
      'generated',
      'upload',
      'upload',
    ]);
  });

  it('gives four pairwise different variations for four credits', async () => {
    const { headers, imageUrl } = await person(10);
    const res = await edit(headers, { imageUrl, prompt: 'warmer', numImages: 4 });
    expect(res.statusCode).toBe(200);
    const urls: string[] = res.json().edited_images;
    expect(urls).toHaveLength(4);
    const images = await Promise.all(urls.map((u) => fetchStored(app, u, headers)));
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        expect(await difference(images[i]!, images[j]!)).toBeGreaterThan(1);
      }
    }
    expect(res.json().creditsRemaining).toBe(6);
  });

  it('applies presets and generates new images from a prompt alone', async () => {
    const { headers, imageUrl } = await person();
    const preset = await edit(headers, { imageUrl, preset: 'sketch' });
    expect(preset.statusCode).toBe(200);
    const generated = await edit(headers, {
      generateNew: true,
      prompt: 'a calm blue sea at dawn',
      aspectRatio: '16:9',
    });
    expect(generated.statusCode).toBe(200);
    const meta = await sharp(
      await fetchStored(app, generated.json().edited_image, headers),
    ).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
    expect(generated.json().original_image).toBeNull();
  });

  it('editing an earlier step starts a branch and keeps the later steps', async () => {
    const { headers, imageUrl } = await person();
    const first = (await edit(headers, { imageUrl, prompt: 'brighter' })).json().images[0];
    const second = (await edit(headers, { imageUrl: first.imageUrl, prompt: 'sepia' })).json()
      .images[0];
    const branch = (await edit(headers, { imageUrl: first.imageUrl, prompt: 'vignette' })).json()
      .images[0];
    expect(second.parentId).toBe(first.id);
    expect(branch.parentId).toBe(first.id);
    expect(branch.originalImageUrl).toBe(imageUrl);
    const all = (await app.inject({ method: 'GET', url: '/api/edited-images', headers })).json();
    expect(all.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([first.id, second.id, branch.id]),
    );
  });

  it('refuses bad input with a clear 4xx, stores nothing and takes no credit', async () => {
    const { headers, imageUrl, user } = await person(5);
    const other = await person();
    const files = storedFiles(app).length;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ imageUrl, prompt: '' }, 400, 'Enter prompt first.'],
      [{ imageUrl, prompt: '   ' }, 400, 'Enter prompt first.'],
      [{ prompt: 'brighter' }, 400, 'Upload image first.'],
      [{ imageUrl, prompt: 'brighter', numImages: 0 }, 400],
      [{ imageUrl, prompt: 'brighter', numImages: 5 }, 400],
      [{ imageUrl, prompt: 'brighter', numImages: 'many' }, 400],
      [{ imageUrl, prompt: 'brighter', aspectRatio: '5:4' }, 400],
      [{ imageUrl, preset: 'no-such-preset' }, 400],
      [{ imageUrl, preset: 'style-transfer' }, 400],
      [{ imageUrl: other.imageUrl, prompt: 'brighter' }, 404],
      [{ imageUrl: 'http://169.254.169.254/latest/meta-data', prompt: 'brighter' }, 400],
      [{ imageUrl, prompt: 'add a dog' }, 422],
    ];
    for (const [payload, status, message] of cases) {
      const res = await edit(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBeTruthy();
      if (message) expect(res.json().message).toBe(message);
    }
    expect(storedFiles(app).length).toBe(files);
    expect((await stats(headers)).creditsRemaining).toBe(5);
    expect(user.id).toBeTruthy();
  });

  it('answers 402 when the balance is short, and nothing is charged', async () => {
    const { headers, imageUrl } = await person(2);
    const res = await edit(headers, { imageUrl, prompt: 'brighter', numImages: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'out_of_credits', title: 'Out of Credits' });
    expect((await stats(headers)).creditsRemaining).toBe(2);
  });

  it('lets exactly one of 20 parallel generations through on 1 credit', async () => {
    const { headers, imageUrl } = await person(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => edit(headers, { imageUrl, prompt: 'brighter' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(19);
    expect((await stats(headers)).creditsRemaining).toBe(0);
  });

  it('never lets a signed-out visitor touch an account’s images', async () => {
    const { headers, imageUrl } = await person(5);
    const res = await edit({}, { imageUrl, prompt: 'brighter' });
    expect(res.statusCode).toBe(404);
    expect((await stats(headers)).creditsRemaining).toBe(5);
  });
});
