import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { loadDetector } from '@image-lab/engine';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, form, smallPhoto, upload } from './image-helpers.ts';
import { rectangleMask } from '../../../packages/engine/test/measure.ts';

let app: App;

beforeAll(async () => {
  // The detector loads once per process; a click needs it.
  [app] = await Promise.all([buildTestApp(), loadDetector()]);
});
afterAll(() => app.close());

async function person(credits = 10) {
  const signedIn = await newSignedInUser(app);
  await setCredits(app, signedIn.user.id, credits);
  const { imageUrl } = (await upload(app, signedIn.headers, await smallPhoto())).json();
  const stored = await fetchStored(app, imageUrl, signedIn.headers);
  const { width = 0, height = 0 } = await sharp(stored).metadata();
  return { ...signedIn, imageUrl, stored, width, height };
}

const credits = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

/** Mean R, G, B over a rectangle given in fractions of the size. */
async function meanRgb(image: Buffer, l: number, t: number, r: number, b: number) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(t * info.height); y < b * info.height; y++)
    for (let x = Math.floor(l * info.width); x < r * info.width; x++) {
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + data[(y * info.width + x) * 3 + c]!;
      n++;
    }
  return sum.map((v) => v / n);
}

const maskForm = (imageUrl: string, prompt: string, mask: Buffer) =>
  form({ imageUrl, prompt, mask: { data: mask, filename: 'mask.png', type: 'image/png' } });

describe('POST /api/edit-image with a selection', () => {
  it('a click on the sofa and "make it blue" turn the sofa blue and leave the painting as it was', async () => {
    const { headers, imageUrl, stored } = await person();
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'make it blue', selection: { point: { x: 45, y: 66 } } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clauses).toEqual([
      expect.objectContaining({
        done: true,
        code: 'recoloured',
        params: expect.objectContaining({ colour: 'blue' }),
      }),
    ]);
    const result = await fetchStored(app, body.edited_image, headers);
    const [r, , b] = await meanRgb(result, 0.38, 0.64, 0.5, 0.7);
    expect(b! - r!).toBeGreaterThan(50);
    const painting = await meanRgb(stored, 0.33, 0.3, 0.55, 0.42);
    const paintingAfter = await meanRgb(result, 0.33, 0.3, 0.55, 0.42);
    for (let c = 0; c < 3; c++) expect(Math.abs(paintingAfter[c]! - painting[c]!)).toBeLessThan(2);
    expect(body.creditsUsed).toBe(1);
  });

  it('takes a drawn mask as a multipart file and changes nothing outside it', async () => {
    const { headers, imageUrl, stored, width, height } = await person();
    const mask = await rectangleMask(width, height, 0.6, 0.6, 0.9, 0.9);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: maskForm(imageUrl, 'much darker', mask),
    });
    expect(res.statusCode).toBe(200);
    const result = await fetchStored(app, res.json().edited_image, headers);
    const inside = await meanRgb(result, 0.65, 0.65, 0.85, 0.85);
    const before = await meanRgb(stored, 0.65, 0.65, 0.85, 0.85);
    expect(inside[1]!).toBeLessThan(before[1]! - 15);
    const outside = await meanRgb(result, 0.05, 0.05, 0.5, 0.5);
    const outsideBefore = await meanRgb(stored, 0.05, 0.05, 0.5, 0.5);
    for (let c = 0; c < 3; c++) expect(Math.abs(outside[c]! - outsideBefore[c]!)).toBeLessThan(1.5);
  });

  it('fits a mask drawn on a large original to the smaller copy edits use', async () => {
    const { headers } = await person();
    const large = await sharp(await smallPhoto())
      .resize(4800, 2880)
      .jpeg()
      .toBuffer();
    const { imageUrl } = (await upload(app, headers, large)).json();
    const mask = await rectangleMask(4800, 2880, 0.6, 0.6, 0.9, 0.9);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: maskForm(imageUrl, 'much darker', mask),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images[0]).toMatchObject({ width: 3840, height: 2304 });
    const result = await fetchStored(app, res.json().edited_image, headers);
    const inside = await meanRgb(result, 0.65, 0.65, 0.85, 0.85);
    const before = await meanRgb(large, 0.65, 0.65, 0.85, 0.85);
    expect(inside[1]!).toBeLessThan(before[1]! - 15);
    const outside = await meanRgb(result, 0.05, 0.05, 0.5, 0.5);
    const outsideBefore = await meanRgb(large, 0.05, 0.05, 0.5, 0.5);
    for (let c = 0; c < 3; c++) expect(Math.abs(outside[c]! - outsideBefore[c]!)).toBeLessThan(1.5);
  }, 60_000);

  it('refuses bad masks and selections with a 400 before taking a credit', async () => {
    const { headers, imageUrl, width, height } = await person(5);
    const refusals = [
      maskForm(imageUrl, 'make it blue', await rectangleMask(width + 8, height, 0, 0, 1, 1)),
      maskForm(imageUrl, 'make it blue', Buffer.from('this is not an image at all')),
      maskForm(imageUrl, 'make it blue', await rectangleMask(width, height, 0, 0, 0, 0)),
      form({ imageUrl, prompt: 'make it blue', selection: '{"point":{"x":140,"y":2}}' }),
      form({ imageUrl, prompt: 'make it blue', selection: 'not json' }),
    ];
    for (const payload of refusals) {
      const res = await app.inject({ method: 'POST', url: '/api/edit-image', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/selection/i);
    }
    expect(await credits(headers)).toBe(5);
  });

  it('does not charge for a prompt whose part of the picture is not there', async () => {
    const { headers, imageUrl } = await person(5);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'replace the sky with a sunset' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/sky/);
    // Per clause, why not: the editor words it in the person's language.
    expect(res.json().clauses).toEqual([
      expect.objectContaining({ done: false, params: expect.objectContaining({ target: 'sky' }) }),
    ]);
    expect(await credits(headers)).toBe(5);
  });

  it("names a part it has no source for in the person's words, and does not charge", async () => {
    const { headers, imageUrl } = await person(5);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'mach die Vorhänge wärmer' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().clauses).toEqual([
      {
        text: 'mach die Vorhänge wärmer',
        done: false,
        code: 'no_local_source',
        params: { words: 'die Vorhänge' },
      },
    ]);
    expect(await credits(headers)).toBe(5);
  });

  it("keeps each result's report, so another device lists it with the image", async () => {
    const { headers, imageUrl } = await person(5);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'make the sofa blue and add a dog', numImages: 2 },
    });
    expect(res.statusCode).toBe(200);
    const report = {
      clauses: res.json().clauses,
      creditsUsed: 2,
    };
    expect(report.clauses.map((c: { done: boolean }) => c.done)).toEqual([true, false]);
    const listed = (
      await app.inject({ method: 'GET', url: '/api/edited-images', headers })
    ).json() as Array<{ id: string; report?: unknown; imageType: string }>;
    const results = listed.filter((r) => r.imageType === 'generated');
    expect(results).toHaveLength(2);
    for (const record of results) expect(record.report).toEqual(report);
    expect(listed.find((r) => r.imageType === 'upload')?.report).toBeUndefined();
  });
});
