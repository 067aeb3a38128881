import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SceneMasks, decodeImage, loadDetector } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, photo, upload } from './image-helpers.ts';

/** The street photo with a parking sign (an evaluation photo of the engine, Apache-2.0). */
const street = () =>
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../packages/engine/eval/photos/scenetext01.jpg'),
  );

let app: App;

beforeAll(async () => {
  // The text's mask needs the detector (for plates) and the OCR models, loaded once per process.
  [app] = await Promise.all([buildTestApp(), loadDetector()]);
});
afterAll(() => app.close());

const credits = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

/** Pixels whose channels moved by more than JPEG noise (sum over channels > 30). */
function moved(a: Buffer, b: Buffer, p: number) {
  const i = p * 3;
  return (
    Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 30
  );
}

describe('POST /api/edit-image: the text of a picture on the local engine', () => {
  it('"remove the text" takes the sign’s letters out, costs one credit and changes nothing else', async () => {
    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { imageUrl } = (await upload(app, headers, street())).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'remove the text' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clauses).toEqual([
      expect.objectContaining({
        text: 'remove the text',
        done: true,
        code: 'removed',
        params: expect.objectContaining({ target: 'text' }),
      }),
    ]);
    expect(res.json().creditsUsed).toBe(1);
    expect(await credits(headers)).toBe(4);

    const before = await decodeImage(await fetchStored(app, imageUrl, headers));
    const after = await decodeImage(await fetchStored(app, res.json().editedImageUrl, headers));
    const text = await new SceneMasks(before).resolve({ kind: 'text' });
    if (!text.found || !text.text) throw new Error('the stored photo should show text');
    // The text's lines with the few pixels of halo around the letters, and the rest of the
    // 8 × 8 blocks the result's JPEG encodes them in.
    const { width, height } = before;
    const near = new Uint8Array(width * height);
    for (let p = 0; p < near.length; p++) {
      if (text.mask.data[p]! < 128) continue;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -8; dy <= 8; dy++)
        for (let dx = -8; dx <= 8; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
        }
    }
    let outside = 0;
    let letters = 0;
    let lettersMoved = 0;
    for (let p = 0; p < near.length; p++) {
      if (!near[p] && moved(before.data, after.data, p)) outside++;
      if (text.text.glyphs.data[p]! >= 128) {
        letters++;
        if (moved(before.data, after.data, p)) lettersMoved++;
      }
    }
    // Re-encoding the result as JPEG moves a pixel or two in the leaves by about ten levels.
    expect(outside / (width * height)).toBeLessThan(1e-4);
    // Most of the letters are gone (lines on a busy background may stay, and say so).
    expect(lettersMoved / letters).toBeGreaterThan(0.7);
  });

  it('refuses "remove the text" on a photo without text, with the reason, and takes no credit', async () => {
    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { imageUrl } = (await upload(app, headers, photo('cat.png'), 'cat.png')).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'remove the text' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'nothing_to_do' });
    expect(res.json().clauses).toEqual([
      { text: 'remove the text', done: false, code: 'not_found', params: { target: 'text' } },
    ]);
    expect(await credits(headers)).toBe(5);
  });
});
