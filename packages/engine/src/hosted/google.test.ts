import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHostedProviders } from './create-hosted.ts';
import type { HostedProviderError } from './errors.ts';
import { geminiRefusal } from './google.ts';
import { DEFAULT_MODELS } from './settings.ts';
import { geminiRoute } from './test-support/provider-routes.ts';
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
let answer: unknown;
const { records, context } = recordingContext();

const gemini = () =>
  createHostedProviders(
    {
      defaultProvider: 'google',
      routes: {},
      policy: context.policy,
      google: { apiKey: 'AIza-test', baseURL: `${standIn.url}/v1beta`, ...DEFAULT_MODELS.google },
    },
    context.log,
  ).providers[0]!;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HostedProviderError,
  );

type GeminiBody = {
  contents: Array<{
    parts: Array<{ text?: string; inlineData?: { mimeType: string; data: string } }>;
  }>;
  generationConfig: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
};

beforeAll(async () => {
  standIn = await startStandIn(geminiRoute(await resultPicture('png'), () => answer));
  photo = await sharp({
    create: { width: 240, height: 240, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  records.length = 0;
});

describe('Google Gemini image adapter', () => {
  it('edits through generateContent with the image as an inlineData part', async () => {
    const result = await gemini().edit!({ image: photo, prompt: 'paint it green', numImages: 2 });
    expect(result.images).toHaveLength(2);
    expect(result.images.every(isJpeg)).toBe(true);
    // Gemini makes one image per request.
    expect(standIn.requests).toHaveLength(2);
    const sent = standIn.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('AIza-test');
    const body = sent.json as GeminiBody;
    expect(body.generationConfig.responseModalities).toEqual(['IMAGE']);
    const parts = body.contents[0]!.parts;
    expect(parts.find((p) => p.text)?.text).toBe('paint it green');
    const inline = parts.find((p) => p.inlineData)!.inlineData!;
    expect(inline.mimeType).toBe('image/jpeg');
    expect(isJpeg(Buffer.from(inline.data, 'base64'))).toBe(true);
    expect(holdsAddress(sent.text)).toBe(false);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ provider: 'google', images: 2, estimatedCostUsd: 0.078 });
  });

  it('generates with the aspect ratio in imageConfig', async () => {
    const result = await gemini().generate!({
      prompt: 'a lighthouse',
      numImages: 1,
      aspectRatio: '16:9',
    });
    expect(isJpeg(result.images[0]!)).toBe(true);
    const body = standIn.requests[0]!.json as GeminiBody;
    expect(body.generationConfig.imageConfig?.aspectRatio).toBe('16:9');
  });

  it('analyses with a response schema', async () => {
    answer = {
      analysis: 'Ein rotes Quadrat.',
      category: 'product',
      suggestions: ['Heller machen'],
      categoryPrompts: ['Weißer Hintergrund'],
    };
    const result = await gemini().analyze!(photo, ['cup'], 'de');
    expect(result.category).toBe('product');
    const sent = standIn.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.text).toContain('responseSchema');
    expect(sent.text).toContain('A detector found: cup');
  });

  it('reads a blocked prompt (200 with blockReason) as a content refusal', async () => {
    standIn.fail(':generateContent', {
      status: 200,
      body: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: {} },
    });
    const error = await failureOf(gemini().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('content_refused');
    expect(records[0]).toMatchObject({ outcome: 'content_refused', estimatedCostUsd: 0 });
  });

  it('reads a candidate stopped for IMAGE_SAFETY as a content refusal', () => {
    const body = JSON.stringify({ candidates: [{ finishReason: 'IMAGE_SAFETY', content: {} }] });
    expect(geminiRefusal(body)).toBe('IMAGE_SAFETY');
    expect(
      geminiRefusal(JSON.stringify({ candidates: [{ finishReason: 'STOP' }] })),
    ).toBeUndefined();
  });

  it('retries RESOURCE_EXHAUSTED (429) and INTERNAL (500)', async () => {
    standIn.fail(':generateContent', {
      status: 429,
      headers: { 'retry-after': '0' },
      body: {
        error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' },
      },
    });
    standIn.fail(':generateContent', {
      status: 500,
      body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
    });
    const result = await gemini().edit!({ image: photo, prompt: 'x', numImages: 1 });
    expect(result.images).toHaveLength(1);
    expect(records[0]).toMatchObject({ attempts: 3, outcome: 'ok' });
  });

  it('a 400 INVALID_ARGUMENT is a rejected request', async () => {
    standIn.fail(':generateContent', {
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'Request contains an invalid argument.',
          status: 'INVALID_ARGUMENT',
        },
      },
    });
    const error = await failureOf(gemini().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('rejected');
  });
});
