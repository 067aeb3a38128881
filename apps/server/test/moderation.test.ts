import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { CONTENT_MODERATED } from '../src/platform/moderation.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { form, smallPhoto, storedFiles, upload } from './image-helpers.ts';

/**
 * Moderation end to end with the real nsfwjs classifier: an ordinary photograph is flagged by
 * setting the threshold to 0 (every image scores at least 0), as the issue asks.
 */
let app: App;
let photo: Buffer;
const limits = () => app.config.moderation;

beforeAll(async () => {
  app = await buildTestApp({ MODERATION_THRESHOLD: '0.6' });
  photo = await smallPhoto('living-room.jpg', 320);
}, 60_000);
afterAll(() => app.close());

async function signedIn(credits = 10) {
  const { headers, user } = await newSignedInUser(app);
  await setCredits(app, user.id, credits);
  return headers;
}

const creditsOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;
const imageCount = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/edited-images', headers })).json().length;

function expectModerated(res: { statusCode: number; json(): Record<string, unknown> }) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({
    code: 'content_moderated',
    title: 'Content Moderated',
    message: CONTENT_MODERATED,
  });
}

describe('moderation of uploads and results', () => {
  it('lets an ordinary photo through at the default threshold', async () => {
    const headers = await signedIn();
    const res = await upload(app, headers, photo);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a flagged upload: 422 content_moderated, nothing stored', async () => {
    const headers = await signedIn();
    const files = storedFiles(app).length;
    limits().threshold = 0;
    try {
      expectModerated(await upload(app, headers, photo));
      expectModerated(await upload(app, headers, photo, 'crop.jpg', '/api/save-cropped-image'));
    } finally {
      limits().threshold = 0.6;
    }
    expect(storedFiles(app).length).toBe(files);
    expect(await imageCount(headers)).toBe(0);
  });

  it('refuses a flagged upload sent with an edit before any credit is taken', async () => {
    const headers = await signedIn(5);
    const files = storedFiles(app).length;
    limits().threshold = 0;
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers,
        payload: form({
          image: { data: photo, filename: 'room.jpg', type: 'image/jpeg' },
          prompt: 'brighter',
        }),
      });
      expectModerated(res);
    } finally {
      limits().threshold = 0.6;
    }
    expect(await creditsOf(headers)).toBe(5);
    expect(storedFiles(app).length).toBe(files);
  });

  it('never stores a flagged result and refunds its credits', async () => {
    const headers = await signedIn(5);
    const { imageUrl } = (await upload(app, headers, photo)).json();
    const files = storedFiles(app).length;
    const images = await imageCount(headers);
    // The upload passed; the results are judged with a threshold every image reaches.
    limits().threshold = 0;
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers,
        payload: { imageUrl, prompt: 'brighter', numImages: 2 },
      });
      expectModerated(res);
    } finally {
      limits().threshold = 0.6;
    }
    expect(await creditsOf(headers)).toBe(5);
    expect(storedFiles(app).length).toBe(files);
    expect(await imageCount(headers)).toBe(images);
  });

  it('can be turned off', async () => {
    const headers = await signedIn();
    limits().threshold = 0;
    limits().enabled = false;
    try {
      expect((await upload(app, headers, photo)).statusCode).toBe(200);
    } finally {
      limits().threshold = 0.6;
      limits().enabled = true;
    }
  });

  it('is listed with the local models in GET /api/capabilities', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/capabilities' });
    const byName = new Map(
      (
        res.json().capabilities as { capability: string; provider: string; available: boolean }[]
      ).map((c) => [c.capability, c]),
    );
    for (const name of ['moderate', 'removeBackground', 'upscale']) {
      expect(byName.get(name)).toMatchObject({ provider: 'local', available: true });
    }
  });
});
