import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from './settings.ts';
import { HostedProviderError } from './errors.ts';
import { createHostedProviders } from './create-hosted.ts';
import type { Provider } from '../provider.ts';
import { openaiRoute } from './test-support/provider-routes.ts';
import {
  holdsAddress,
  isJpeg,
  recordingContext,
  resultPicture,
  startStandIn,
  type StandIn,
} from './test-support/stand-in.ts';

let standIn: StandIn;
let photo: Buffer;
let analysis: unknown;
const { records, context } = recordingContext();

function openai(policy = context.policy): Provider {
  const { providers } = createHostedProviders(
    {
      defaultProvider: 'openai',
      routes: {},
      policy,
      openai: { apiKey: 'sk-test-123', baseURL: `${standIn.url}/v1`, ...DEFAULT_MODELS.openai },
    },
    context.log,
  );
  return providers[0]!;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HostedProviderError,
  );

beforeAll(async () => {
  const picture = await resultPicture('png');
  standIn = await startStandIn(openaiRoute(picture, () => analysis));
  photo = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 90, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  records.length = 0;
});

describe('OpenAI gpt-image adapter', () => {
  it('edits through multipart images/edits with our bytes and answers JPEGs', async () => {
    const result = await openai().edit!({ image: photo, prompt: 'make it dusk', numImages: 2 });
    expect(result.images).toHaveLength(2);
    expect(result.images.every(isJpeg)).toBe(true);
    const [sent] = standIn.requests;
    expect(sent!.path).toBe('/v1/images/edits');
    expect(sent!.headers.authorization).toBe('Bearer sk-test-123');
    expect(sent!.form!.get('model')).toBe('gpt-image-1');
    expect(sent!.form!.get('prompt')).toBe('make it dusk');
    expect(sent!.form!.get('n')).toBe('2');
    expect(sent!.form!.get('size')).toBe('1536x1024');
    const image = sent!.form!.get('image') as File;
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(isJpeg(bytes)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect(records).toEqual([
      expect.objectContaining({
        provider: 'openai',
        model: 'gpt-image-1',
        capability: 'edit',
        inputImages: 1,
        images: 2,
        estimatedCostUsd: 0.084,
        attempts: 1,
        outcome: 'ok',
      }),
    ]);
  });

  it('restyles a room through the same edits endpoint', async () => {
    const result = await openai().restyleRoom!({ image: photo, style: 'japandi' });
    expect(result.applied[0]).toMatch(/^Room restyled by OpenAI gpt-image-1/);
    expect(standIn.requests[0]!.form!.get('prompt')).toBe('Redesign this room in japandi style');
  });

  it('sends a style reference as a second image', async () => {
    await openai().edit!({ image: photo, prompt: 'like this', numImages: 1, reference: photo });
    const images = standIn.requests[0]!.form!.getAll('image[]');
    expect(images).toHaveLength(2);
  });

  it('generates from text through images/generations JSON', async () => {
    const result = await openai().generate!({
      prompt: 'a red barn',
      numImages: 1,
      aspectRatio: '9:16',
    });
    expect(isJpeg(result.images[0]!)).toBe(true);
    const sent = standIn.requests[0]!;
    expect(sent.path).toBe('/v1/images/generations');
    expect(sent.json).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red barn',
      n: 1,
      size: '1024x1536',
    });
    expect(holdsAddress(sent.text)).toBe(false);
  });

  it('inpaints with a transparent-where-edited mask and keeps every pixel outside it', async () => {
    const mask = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#000' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 60, height: 60, channels: 3, background: '#fff' },
          })
            .png()
            .toBuffer(),
          left: 120,
          top: 70,
        },
      ])
      .png()
      .toBuffer();
    const result = await openai().inpaint!({ image: photo, mask, format: 'png' });
    const sentMask = standIn.requests[0]!.form!.get('mask') as File;
    const { data, info } = await sharp(Buffer.from(await sentMask.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[(100 * 300 + 150) * 4 + 3]).toBe(0);
    expect(data[(10 * 300 + 10) * 4 + 3]).toBe(255);
    const before = await sharp(photo).raw().toBuffer();
    const after = await sharp(result.images[0]!).raw().toBuffer();
    for (const [x, y] of [
      [5, 5],
      [290, 190],
      [100, 100],
      [200, 60],
    ] as const) {
      const i = (y * 300 + x) * 3;
      expect([...after.subarray(i, i + 3)]).toEqual([...before.subarray(i, i + 3)]);
    }
    const inside = (100 * 300 + 150) * 3;
    expect(after[inside + 2]).not.toBe(before[inside + 2]);
  });

  it('analyses through chat/completions with a JSON schema and the image as a data URL', async () => {
    analysis = {
      analysis: 'A calm blue wall.',
      category: 'room',
      suggestions: ['Warm it up'],
      categoryPrompts: ['Scandinavian style'],
    };
    const result = await openai().analyze!(photo, undefined, 'de');
    expect(result).toMatchObject({ category: 'room', analysis: 'A calm blue wall.' });
    expect(result.stats.width).toBeGreaterThan(0);
    const body = standIn.requests[0]!.json as {
      model: string;
      response_format: { type: string };
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.response_format.type).toBe('json_schema');
    const text = JSON.stringify(body.messages);
    expect(text).toContain('data:image/jpeg;base64,/9j/');
    expect(text).toContain('German');
    expect(records[0]).toMatchObject({
      capability: 'analyze',
      inputTokens: 900,
      outputTokens: 120,
    });
    expect(records[0]!.estimatedCostUsd).toBeGreaterThan(0);
  });

  it('enhances a prompt with structured output', async () => {
    analysis = { prompt: 'A cosy living room in warm evening light' };
    expect(await openai().enhancePrompt!('cosy room')).toBe(
      'A cosy living room in warm evening light',
    );
  });

  it('waits as long as Retry-After asks after a 429, then succeeds', async () => {
    standIn.fail('/images/', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      },
    });
    const started = Date.now();
    const result = await openai().edit!({ image: photo, prompt: 'brighter', numImages: 1 });
    expect(result.images).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(standIn.requests).toHaveLength(2);
    expect(records[0]).toMatchObject({ attempts: 2, outcome: 'ok' });
  });

  it('gives up as rate limited when Retry-After is longer than it will wait', async () => {
    standIn.fail('/images/', {
      status: 429,
      headers: { 'retry-after': '120' },
      body: {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      },
    });
    const error = await failureOf(openai().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error).toBeInstanceOf(HostedProviderError);
    expect(error!.failure).toBe('rate_limited');
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries 500s with backoff and reports the provider unavailable when they persist', async () => {
    const serverError = {
      status: 500,
      body: { error: { message: 'The server had an error', type: 'server_error' } },
    };
    standIn.fail('/images/', serverError, 2);
    const ok = await openai().edit!({ image: photo, prompt: 'x', numImages: 1 });
    expect(ok.images).toHaveLength(1);
    standIn.requests.length = 0;
    standIn.fail('/images/', serverError, 3);
    const error = await failureOf(openai().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('unavailable');
    expect(standIn.requests).toHaveLength(3);
    expect(records.at(-1)).toMatchObject({
      outcome: 'unavailable',
      attempts: 3,
      estimatedCostUsd: 0,
    });
  });

  it('reads a 400 from the safety system as a content refusal, without retrying', async () => {
    standIn.fail('/images/', {
      status: 400,
      body: {
        error: {
          message: 'Your request was rejected as a result of our safety system.',
          type: 'image_generation_user_error',
          param: null,
          code: 'moderation_blocked',
        },
      },
    });
    const error = await failureOf(openai().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('content_refused');
    expect(standIn.requests).toHaveLength(1);
  });

  it('a wrong key is a configuration problem, not the user’s', async () => {
    standIn.fail('/images/', {
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    });
    const error = await failureOf(
      openai().generate!({ prompt: 'x', numImages: 1, aspectRatio: '1:1' }),
    );
    expect(error!.failure).toBe('misconfigured');
  });

  it('abandons a call that outlives its timeout', async () => {
    const slow = await startStandIn(
      () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: {} }), 2_000)),
    );
    const { providers } = createHostedProviders(
      {
        defaultProvider: 'openai',
        routes: {},
        policy: { ...context.policy, timeoutMs: 200 },
        openai: { apiKey: 'sk-test', baseURL: `${slow.url}/v1`, ...DEFAULT_MODELS.openai },
      },
      context.log,
    );
    const error = await failureOf(providers[0]!.edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('timeout');
    await slow.close();
  });
});
