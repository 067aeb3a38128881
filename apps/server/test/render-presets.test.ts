import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalProvider,
  ProviderRegistry,
  type ImageResult,
  type Provider,
} from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, smallPhoto, upload } from './image-helpers.ts';

const creditsOf = async (app: App, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

async function person(app: App, credits: number) {
  const { headers, user } = await newSignedInUser(app);
  await setCredits(app, user.id, credits);
  const { imageUrl } = (
    await upload(app, headers, await smallPhoto('living-room.jpg', 320))
  ).json();
  return { headers, imageUrl: imageUrl as string };
}

const applyPreset = (app: App, headers: Record<string, string>, imageUrl: string, preset: string) =>
  app.inject({ method: 'POST', url: '/api/edit-image', headers, payload: { imageUrl, preset } });

describe('render buttons with only the local engine', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('/api/capabilities says what needs a hosted model and what video does here', async () => {
    const body = (await app.inject({ url: '/api/capabilities' })).json();
    const of = (name: string) =>
      body.capabilities.find((c: { capability: string }) => c.capability === name);
    expect(of('video')).toMatchObject({ available: true, provider: 'local' });
    expect(of('video').note).toMatch(/^Camera motion over the still image/);
    expect(of('multiview')).toMatchObject({ available: false, provider: null });
    expect(of('multiview').note).toMatch(/^Needs a hosted image model/);
    expect(of('render')).toMatchObject({ available: false, provider: null });
    expect(of('render').note).toMatch(/two-step render stops after its sketch step/);
    expect(body.presets.other).toContain('cad-to-render');
  });

  it('CAD to render is a local render-look grade, and says what it could not do', async () => {
    const { headers, imageUrl } = await person(app, 5);
    const res = await applyPreset(app, headers, imageUrl, 'cad-to-render');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied[0]).toMatch(/^CAD to render/i);
    expect(body.unsupported).toContain(
      'Photorealistic materials, reflections and lighting (needs a hosted render model)',
    );
    expect(body.creditsUsed).toBe(1);
    // The background-removal model (issue 5) puts the model on a studio floor: seconds on 2 cores.
  }, 90_000);

  it('two-step render step 1 (sketch) needs at least 20 credits and runs locally', async () => {
    const poor = await person(app, 19);
    const refused = await applyPreset(app, poor.headers, poor.imageUrl, 'two-step-sketch');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      title: 'Out of Credits',
      message: 'Two-step render needs at least 20 credits.',
    });
    expect(await creditsOf(app, poor.headers)).toBe(19);

    const { headers, imageUrl } = await person(app, 20);
    const res = await applyPreset(app, headers, imageUrl, 'two-step-sketch');
    expect(res.statusCode).toBe(200);
    expect(res.json().applied[0]).toMatch(/^Sketch conversion/);
    expect(await creditsOf(app, headers)).toBe(19);
    const sketch = await fetchStored(app, res.json().edited_image, headers);
    const { channels } = await sharp(sketch).stats();
    expect(channels[0]!.mean).toBeGreaterThan(190);
  });

  it('refuses step 2 and multiview with 501 before taking a credit', async () => {
    const { headers, imageUrl } = await person(app, 30);
    const render = await applyPreset(app, headers, imageUrl, 'photoreal-render');
    expect(render.statusCode).toBe(501);
    expect(render.json().message).toBe(
      'Photorealistic rendering needs a hosted image model. This server runs only the local engine.',
    );
    const multiview = await applyPreset(app, headers, imageUrl, 'multiview');
    expect(multiview.statusCode).toBe(501);
    expect(multiview.json().message).toMatch(/^Multiview needs a hosted image model/);
    expect(await creditsOf(app, headers)).toBe(30);
  });
});

describe('render buttons with a hosted provider', () => {
  // Stands in for a hosted model at the provider boundary: records what it was sent.
  const seen: { capability: string; width: number; height: number; prompt: string }[] = [];
  const local = createLocalProvider({ threads: 2 });
  const answer = async (
    capability: string,
    request: { image: Buffer; prompt: string },
  ): Promise<ImageResult> => {
    const { width, height } = await sharp(request.image).metadata();
    seen.push({ capability, width: width!, height: height!, prompt: request.prompt });
    const image = await sharp(request.image).negate().jpeg().toBuffer();
    return { images: [image], applied: [`${capability} by the hosted model`], unsupported: [] };
  };
  const hosted: Provider = {
    id: 'hosted-test',
    capabilities: new Set(['multiview', 'render']),
    multiview: (request) => answer('multiview', request),
    render: (request) => answer('render', request),
  };
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({}, { engine: new ProviderRegistry([hosted, local]) });
  });
  afterAll(() => app.close());

  it('pads multiview to a square and asks for the four views', async () => {
    const { headers, imageUrl } = await person(app, 10);
    const res = await applyPreset(app, headers, imageUrl, 'multiview');
    expect(res.statusCode).toBe(200);
    expect(res.json().applied).toEqual(['multiview by the hosted model']);
    const call = seen.find((s) => s.capability === 'multiview')!;
    expect(call.width).toBe(call.height);
    expect(call.prompt).toMatch(/3\/4 front, side, back and 3\/4 back/);
    expect(res.json().images[0].imageUrl).toBe(res.json().edited_image);
  });

  it('sends two-step step 2 and CAD to render to the render model', async () => {
    const { headers, imageUrl } = await person(app, 10);
    for (const preset of ['photoreal-render', 'cad-to-render']) {
      const res = await applyPreset(app, headers, imageUrl, preset);
      expect(res.statusCode).toBe(200);
      expect(res.json().applied).toEqual(['render by the hosted model']);
    }
    expect(seen.filter((s) => s.capability === 'render')).toHaveLength(2);
    const caps = (await app.inject({ url: '/api/capabilities' })).json().capabilities;
    expect(caps.find((c: { capability: string }) => c.capability === 'render')).toMatchObject({
      available: true,
      provider: 'hosted-test',
    });
  });
});
