import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { loadDetector } from '@image-lab/engine';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;

beforeAll(async () => {
  // "remove the sofa" needs the detector, which loads once per process.
  [app] = await Promise.all([buildTestApp(), loadDetector()]);
});
afterAll(() => app.close());

const credits = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

const gallery = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/gallery', headers })).json();

describe('POST /api/edit-image: removals and room surfaces on the local engine', () => {
  it('"remove the sofa" keeps the sofa, says why per clause and takes no credit', async () => {
    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    const before = await gallery(headers);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'remove the sofa' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toMatch(/sofa.*too large to remove locally/i);
    expect(body.clauses).toEqual([
      { text: 'remove the sofa', done: false, code: 'too_large', params: { target: 'couch' } },
    ]);
    expect(await credits(headers)).toBe(5);
    // No result was stored: the gallery holds what it held.
    expect(await gallery(headers)).toEqual(before);
  });

  it('"paint the walls green" is done on the walls and costs one credit', async () => {
    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'paint the walls green' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clauses).toEqual([
      expect.objectContaining({
        done: true,
        code: 'recoloured',
        params: expect.objectContaining({ target: 'walls' }),
      }),
    ]);
    expect(res.json().creditsUsed).toBe(1);
    expect(await credits(headers)).toBe(4);
  });
});
