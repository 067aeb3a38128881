import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openaiRoute } from '../../../packages/engine/src/hosted/test-support/provider-routes.ts';
import {
  holdsAddress,
  isJpeg,
  startStandIn,
  type StandIn,
} from '../../../packages/engine/src/hosted/test-support/stand-in.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, smallPhoto, storedFiles, upload } from './image-helpers.ts';

let app: App;
let openai: StandIn;
let chatAnswer: unknown;

beforeAll(async () => {
  // What gpt-image answers: a PNG, here of a real photograph.
  const picture = await sharp(await smallPhoto('bedroom.jpg', 320))
    .png()
    .toBuffer();
  openai = await startStandIn(openaiRoute(picture, () => chatAnswer));
  app = await buildTestApp({
    AI_PROVIDER: 'openai',
    AI_PROVIDER_INPAINT: 'local',
    OPENAI_API_KEY: 'sk-test-server',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    AI_RETRY_BASE_MS: '5',
  });
});
afterAll(async () => {
  await app.close();
  await openai.close();
});
beforeEach(() => {
  openai.requests.length = 0;
});

async function person(credits: number) {
  const signedIn = await newSignedInUser(app);
  await setCredits(app, signedIn.user.id, credits);
  const { imageUrl } = (await upload(app, signedIn.headers, await smallPhoto())).json();
  return { ...signedIn, imageUrl: imageUrl as string };
}

const creditsOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

const edit = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/edit-image', headers, payload });

describe('with OpenAI configured against a stand-in', () => {
  it('/api/capabilities names the provider and model of each capability', async () => {
    const body = (await app.inject({ url: '/api/capabilities' })).json();
    const of = (name: string) =>
      body.capabilities.find((c: { capability: string }) => c.capability === name);
    expect(of('edit')).toMatchObject({ available: true, provider: 'openai', model: 'gpt-image-1' });
    expect(of('edit').note).toBeUndefined();
    expect(of('generate')).toMatchObject({ provider: 'openai', model: 'gpt-image-1' });
    expect(of('multiview')).toMatchObject({ available: true, provider: 'openai' });
    expect(of('render')).toMatchObject({ available: true, provider: 'openai' });
    expect(of('restyleRoom')).toMatchObject({ available: true, provider: 'openai' });
    expect(of('analyze')).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini' });
    expect(of('inpaint')).toMatchObject({ provider: 'local' });
    expect(of('preset')).toMatchObject({ provider: 'local' });
    expect(of('upscale')).toMatchObject({ provider: 'local' });
  });

  it('POST /api/edit-image goes through the adapter with our bytes and costs a credit per image', async () => {
    const { headers, imageUrl } = await person(10);
    const res = await edit(headers, {
      imageUrl,
      prompt: 'put a plant by the window',
      numImages: 2,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.edited_images).toHaveLength(2);
    expect(body.creditsRemaining).toBe(8);
    const result = await fetchStored(app, body.edited_image, headers);
    expect(isJpeg(result)).toBe(true);
    expect((await sharp(result).metadata()).width).toBe(320);
    const [sent] = openai.requests;
    expect(sent!.path).toBe('/v1/images/edits');
    expect(sent!.headers.authorization).toBe('Bearer sk-test-server');
    expect(sent!.form!.get('prompt')).toBe('put a plant by the window');
    const image = sent!.form!.get('image') as File;
    expect(isJpeg(Buffer.from(await image.arrayBuffer()))).toBe(true);
    for (const value of sent!.form!.values()) {
      if (typeof value === 'string') expect(holdsAddress(value)).toBe(false);
    }
    expect(await creditsOf(headers)).toBe(8);
  });

  it('multiview runs on the hosted model with the image padded to a square', async () => {
    const { headers, imageUrl } = await person(5);
    const res = await edit(headers, { imageUrl, preset: 'multiview' });
    expect(res.statusCode).toBe(200);
    const sent = openai.requests[0]!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.form!.get('prompt')).toMatch(/four viewpoints/);
    expect(sent.form!.get('size')).toBe('1024x1024');
    const image = Buffer.from(await (sent.form!.get('image') as File).arrayBuffer());
    const { width, height } = await sharp(image).metadata();
    expect(width).toBe(height);
    expect(await creditsOf(headers)).toBe(4);
  });

  it('generates a new image from text through images/generations', async () => {
    const { headers } = await person(5);
    const res = await edit(headers, {
      generateNew: true,
      prompt: 'a lighthouse at dawn',
      aspectRatio: '16:9',
    });
    expect(res.statusCode).toBe(200);
    expect(openai.requests[0]!.json).toMatchObject({
      prompt: 'a lighthouse at dawn',
      size: '1536x1024',
    });
    expect(await creditsOf(headers)).toBe(4);
  });

  it('a refusal by the safety system is Content Moderated, refunded, and nothing is stored', async () => {
    const { headers, imageUrl } = await person(3);
    const filesBefore = storedFiles(app).length;
    openai.fail('/images/', {
      status: 400,
      body: {
        error: {
          message: 'Your request was rejected as a result of our safety system.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
        },
      },
    });
    const res = await edit(headers, { imageUrl, prompt: 'something not allowed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'content_moderated',
      title: 'Content Moderated',
      message:
        'The AI detected content that violates safety guidelines. Please try a different prompt.',
    });
    expect(await creditsOf(headers)).toBe(3);
    expect(storedFiles(app).length).toBe(filesBefore);
  });

  it('a provider that stays rate limited answers 429 and refunds', async () => {
    const { headers, imageUrl } = await person(3);
    openai.fail('/images/', {
      status: 429,
      headers: { 'retry-after': '600' },
      body: {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      },
    });
    const res = await edit(headers, { imageUrl, prompt: 'brighter' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'provider_rate_limited',
      message: 'The AI service is busy. Try again shortly.',
    });
    expect(await creditsOf(headers)).toBe(3);
  });

  it('5xx answers are retried; when they persist the request is refunded with a 502', async () => {
    const { headers, imageUrl } = await person(3);
    const serverError = {
      status: 503,
      body: { error: { message: 'Service Unavailable', type: 'server_error' } },
    };
    openai.fail('/images/', serverError, 1);
    expect((await edit(headers, { imageUrl, prompt: 'warmer' })).statusCode).toBe(200);
    expect(await creditsOf(headers)).toBe(2);
    openai.fail('/images/', serverError, 3);
    const res = await edit(headers, { imageUrl, prompt: 'warmer' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The AI service is unavailable. Try again.');
    expect(await creditsOf(headers)).toBe(2);
  });

  it('prompt enhancement and analysis go to the chat model', async () => {
    const { headers, imageUrl } = await person(3);
    chatAnswer = { prompt: 'A bright Scandinavian bedroom with pale oak and linen' };
    const enhanced = await app.inject({
      method: 'POST',
      url: '/api/enhance-prompt',
      headers,
      payload: { prompt: 'scandi bedroom' },
    });
    expect(enhanced.json()).toEqual({
      enhancedPrompt: 'A bright Scandinavian bedroom with pale oak and linen',
    });
    chatAnswer = {
      analysis: 'A bedroom with a made bed.',
      category: 'room',
      suggestions: ['Warmer light'],
      categoryPrompts: ['Japandi style'],
    };
    const analysed = await app.inject({
      method: 'POST',
      url: '/api/analyze-image',
      headers,
      payload: { imageUrl },
    });
    expect(analysed.statusCode).toBe(200);
    expect(analysed.json()).toMatchObject({
      category: 'room',
      analysis: 'A bedroom with a made bed.',
    });
    openai.fail('/chat/completions', {
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    });
    const broken = await app.inject({
      method: 'POST',
      url: '/api/enhance-prompt',
      headers,
      payload: { prompt: 'x' },
    });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().code).toBe('provider_misconfigured');
  });
});

describe('hosted provider configuration', () => {
  it('a chosen provider without its key stops the server at start', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'replicate' })).toThrow(
      'Invalid configuration: AI provider "replicate" is chosen but REPLICATE_API_TOKEN is not set',
    );
    expect(() => loadConfig({ AI_PROVIDER: 'midjourney' })).toThrow(/AI_PROVIDER must be one of/);
    expect(() => loadConfig({ AI_PROVIDER_ANALYZE: 'fal', FAL_KEY: 'k' })).toThrow(
      'AI provider "fal" cannot analyze',
    );
  });

  it('by default everything stays on the local engine', () => {
    const config = loadConfig({});
    expect(config.ai.defaultProvider).toBe('local');
    expect(config.ai.openai).toBeUndefined();
  });
});
