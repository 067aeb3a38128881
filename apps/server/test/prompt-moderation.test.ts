import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { CONTENT_NOT_ALLOWED } from '../src/platform/prompt-moderation.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, storedFiles, upload } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const creditsOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

describe('moderation of prompts (working areas §8)', () => {
  it("refuses an edit, a video and an enhancement with 'Content Not Allowed', before any credit or file", async () => {
    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 20);
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    const files = storedFiles(app).length;
    for (const [url, payload] of [
      ['/api/edit-image', { imageUrl, prompt: 'make her naked' }],
      ['/api/generate-video', { imageUrl, prompt: 'slow zoom, NSFW' }],
      ['/api/enhance-prompt', { prompt: 'ein pornografisches Bild' }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'content_not_allowed',
        title: 'Content Not Allowed',
        message: CONTENT_NOT_ALLOWED,
      });
    }
    expect(await creditsOf(headers)).toBe(20);
    expect(storedFiles(app).length).toBe(files);
    // An ordinary prompt still goes through.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'paint the walls nude beige, brighter' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a guest too, and can be turned off with MODERATION=false', async () => {
    // A visitor (no session): the same edit call, paid from the free allowance.
    const guest = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      remoteAddress: '10.9.8.7',
      payload: { prompt: 'topless', generateNew: true },
    });
    expect(guest.statusCode).toBe(422);
    expect(guest.json().code).toBe('content_not_allowed');

    app.config.moderation.enabled = false;
    try {
      const { headers } = await newSignedInUser(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/enhance-prompt',
        headers,
        payload: { prompt: 'topless' },
      });
      expect(res.statusCode).not.toBe(422);
    } finally {
      app.config.moderation.enabled = true;
    }
  });
});
