import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { form, smallPhoto, storedFiles, upload } from './image-helpers.ts';

let app: App;
let headers: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  app = await buildTestApp();
  const signedIn = await newSignedInUser(app);
  headers = signedIn.headers;
  accountId = signedIn.user.id;
  await setCredits(app, accountId, 50);
});
afterAll(() => app.close());

const get = (url: string, h = headers) => app.inject({ method: 'GET', url, headers: h });

describe('analysis', () => {
  it('analyses a stored image, keeps the result and finds it again', async () => {
    const dark = await sharp(await smallPhoto())
      .modulate({ brightness: 0.35 })
      .jpeg()
      .toBuffer();
    const { imageUrl } = (await upload(app, headers, dark)).json();
    const encoded = encodeURIComponent(imageUrl);
    expect((await get(`/api/get-analysis/${encoded}`)).json()).toEqual({ hasAnalysis: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/analyze-image',
      headers,
      payload: { imageUrl },
    });
    expect(res.statusCode).toBe(200);
    const analysis = res.json();
    expect(analysis.analysis.length).toBeGreaterThan(20);
    expect(analysis.suggestions.join(' ').toLowerCase()).toMatch(/bright/);
    expect(analysis.categoryPrompts.length).toBeGreaterThan(0);
    const saved = (await get(`/api/get-analysis/${encoded}`)).json();
    expect(saved).toMatchObject({ hasAnalysis: true, analysis: analysis.analysis });
  });

  it('analyses an uploaded file without storing it, for guests too', async () => {
    const files = storedFiles(app).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/analyze-image',
      payload: form({ image: { data: await smallPhoto('astronaut.png', 256), filename: 'a.png' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().category).toBe('string');
    expect(storedFiles(app).length).toBe(files);
  });

  it('saves an analysis given by the client, for own images only', async () => {
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    const body = {
      imageUrl,
      analysis: 'A living room.',
      suggestions: ['Warmer'],
      category: 'room',
      categoryPrompts: ['Scandinavian style'],
    };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/save-analysis',
      headers,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    const found = (await get(`/api/get-analysis/${encodeURIComponent(imageUrl)}`)).json();
    expect(found).toMatchObject({ hasAnalysis: true, category: 'room', suggestions: ['Warmer'] });
    const stranger = await newSignedInUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/save-analysis',
      headers: stranger.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await get(`/api/get-analysis/${encodeURIComponent(imageUrl)}`, stranger.headers)).statusCode,
    ).toBe(404);
  });

  it('refuses a request without an image and foreign addresses', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/api/analyze-image',
      headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    const ssrf = await app.inject({
      method: 'POST',
      url: '/api/analyze-image',
      headers,
      payload: { imageUrl: 'http://10.0.0.1/uploads/images/a/b.jpg' },
    });
    expect(ssrf.statusCode).toBe(400);
  });
});

describe('POST /api/enhance-prompt', () => {
  it('rewrites with specific detail and refuses an empty prompt', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/enhance-prompt',
      payload: { prompt: 'make it brighter' },
    });
    expect(res.statusCode).toBe(200);
    const { enhancedPrompt } = res.json();
    expect(enhancedPrompt.length).toBeGreaterThan('make it brighter'.length + 20);
    const other = (
      await app.inject({
        method: 'POST',
        url: '/api/enhance-prompt',
        payload: { prompt: 'as a watercolor' },
      })
    ).json().enhancedPrompt;
    expect(other).not.toBe(enhancedPrompt);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/enhance-prompt',
      payload: { prompt: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Enter prompt first.');
  });
});

describe('edited images, history and stats', () => {
  it('lists, records and deletes the account’s images and counts them', async () => {
    const { headers: h, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { imageUrl } = (await upload(app, h, await smallPhoto())).json();
    const edited = (
      await app.inject({
        method: 'POST',
        url: '/api/edit-image',
        headers: h,
        payload: { imageUrl, prompt: 'sepia', numImages: 2 },
      })
    ).json();
    const records = (await get('/api/edited-images', h)).json();
    expect(records).toHaveLength(3);
    expect(records.find((r: { imageUrl: string }) => r.imageUrl === imageUrl).prompt).toBe(
      '[UPLOADED IMAGE]',
    );
    const project = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: h,
      payload: { name: 'Sepia' },
    });
    const projectId = project.json().id;
    const recorded = await app.inject({
      method: 'POST',
      url: '/api/edited-images',
      headers: h,
      payload: {
        imageUrl: edited.edited_image,
        prompt: 'sepia tone',
        originalImageUrl: imageUrl,
        projectId,
      },
    });
    expect(recorded.json()).toMatchObject({ prompt: 'sepia tone', projectId });
    expect((await get('/api/user/stats', h)).json()).toEqual({
      creditsRemaining: 3,
      totalImages: 3,
      uploaded: 1,
      generated: 2,
      subscribed: false,
      plan: null,
      premiumRooms: false,
    });
    const history = (await get('/api/history', h)).json();
    expect(history[0]).toMatchObject({ imageType: 'generated' });
    const stranger = await newSignedInUser(app);
    const id = edited.images[0].id;
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/edited-images/${id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    const files = storedFiles(app).length;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/edited-images/${id}`,
      headers: h,
    });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles(app).length).toBe(files - 1);
    expect((await get(edited.images[0].imageUrl)).statusCode).toBe(404);
    expect((await get('/api/user/stats', h)).json().generated).toBe(1);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/edited-images/not-a-uuid', headers: h }))
        .statusCode,
    ).toBe(400);
  });

  it('starts new accounts with the starting grant and needs sign-in', async () => {
    const { headers: h } = await newSignedInUser(app);
    expect((await get('/api/user/stats', h)).json()).toMatchObject({
      creditsRemaining: 100,
      totalImages: 0,
    });
    expect((await get('/api/user/stats', {})).statusCode).toBe(401);
    expect((await get('/api/history', {})).statusCode).toBe(401);
    expect((await get('/api/edited-images', {})).statusCode).toBe(401);
  });

  it('tells what the server can do', async () => {
    const res = (await get('/api/capabilities', {})).json();
    const edit = res.capabilities.find((c: { capability: string }) => c.capability === 'edit');
    expect(edit).toMatchObject({ available: true, provider: 'local' });
    expect(res.presets.styles).toHaveLength(9);
  });
});
