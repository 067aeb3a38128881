import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHostedProviders } from './create-hosted.ts';
import type { HostedProviderError } from './errors.ts';
import { DEFAULT_MODELS, type HostedSettings } from './settings.ts';
import { falRoute, replicateRoute } from './test-support/provider-routes.ts';
import {
  holdsAddress,
  isJpeg,
  recordingContext,
  resultPicture,
  startStandIn,
  type StandIn,
} from './test-support/stand-in.ts';

let fal: StandIn;
let replicate: StandIn;
let photo: Buffer;
let flagged = false;
const { records, context } = recordingContext();

const provider = (settings: Partial<HostedSettings>) =>
  createHostedProviders(
    { defaultProvider: 'local', routes: {}, policy: context.policy, ...settings },
    context.log,
  ).providers[0]!;

const falProvider = () =>
  provider({
    defaultProvider: 'fal',
    fal: { apiKey: 'fal-key-1', baseURL: fal.url, ...DEFAULT_MODELS.fal },
  });
const replicateProvider = () =>
  provider({
    defaultProvider: 'replicate',
    replicate: { apiToken: 'r8_test', baseURL: `${replicate.url}/v1`, ...DEFAULT_MODELS.replicate },
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HostedProviderError,
  );

const dataUriBytes = (uri: string) => {
  expect(uri).toMatch(/^data:image\/(jpeg|png);base64,/);
  return Buffer.from(uri.split(',')[1]!, 'base64');
};

beforeAll(async () => {
  const picture = await resultPicture('jpeg');
  fal = await startStandIn(
    falRoute(
      picture,
      () => fal.url,
      () => flagged,
    ),
  );
  replicate = await startStandIn(replicateRoute(picture, () => replicate.url));
  photo = await sharp({
    create: { width: 200, height: 150, channels: 3, background: { r: 30, g: 160, b: 90 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => Promise.all([fal.close(), replicate.close()]));
beforeEach(() => {
  fal.requests.length = 0;
  replicate.requests.length = 0;
  records.length = 0;
  flagged = false;
});

describe('FLUX Kontext on fal', () => {
  it('posts the image as a data URI to the model path and fetches the result', async () => {
    const result = await falProvider().edit!({ image: photo, prompt: 'snowy', numImages: 1 });
    expect(isJpeg(result.images[0]!)).toBe(true);
    const [sent, download] = fal.requests;
    expect(sent!.path).toBe('/fal-ai/flux-pro/kontext');
    expect(sent!.headers.authorization).toBe('Key fal-key-1');
    const body = sent!.json as Record<string, string>;
    expect(body.prompt).toBe('snowy');
    expect(isJpeg(dataUriBytes(body.image_url!))).toBe(true);
    expect(holdsAddress(sent!.text)).toBe(false);
    expect(download).toMatchObject({ method: 'GET', path: '/files/result.jpg' });
    expect(records[0]).toMatchObject({
      provider: 'fal',
      model: 'fal-ai/flux-pro/kontext',
      images: 1,
      estimatedCostUsd: 0.04,
    });
  });

  it('says when a style reference cannot reach a one-image model', async () => {
    const result = await falProvider().edit!({
      image: photo,
      prompt: 'x',
      numImages: 1,
      reference: photo,
    });
    expect(result.unsupported).toEqual(['The reference image (this model takes one image)']);
  });

  it('fills a mask with FLUX Fill (white marks the area)', async () => {
    const mask = await sharp({
      create: { width: 200, height: 150, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    await falProvider().inpaint!({ image: photo, mask });
    const body = fal.requests[0]!.json as Record<string, string>;
    expect(fal.requests[0]!.path).toBe('/fal-ai/flux-pro/v1/fill');
    const maskBytes = dataUriBytes(body.mask_url!);
    expect((await sharp(maskBytes).stats()).channels[0]!.mean).toBe(255);
  });

  it('generates from text with an aspect ratio', async () => {
    await falProvider().generate!({ prompt: 'a fox', numImages: 2, aspectRatio: '3:2' });
    const posts = fal.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.path).toBe('/fal-ai/flux-pro/kontext/text-to-image');
    expect(posts[0]!.json).toMatchObject({ prompt: 'a fox', aspect_ratio: '3:2' });
  });

  it('a result the safety checker flagged is a content refusal', async () => {
    flagged = true;
    const error = await failureOf(falProvider().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('content_refused');
  });

  it('retries a 500 and maps a validation 422 to a rejected request', async () => {
    fal.fail('/fal-ai/', { status: 500, body: { detail: 'Internal Server Error' } });
    expect(
      (await falProvider().edit!({ image: photo, prompt: 'x', numImages: 1 })).images,
    ).toHaveLength(1);
    fal.fail('/fal-ai/', {
      status: 422,
      body: {
        detail: [{ loc: ['body', 'image_url'], msg: 'Unsupported image', type: 'value_error' }],
      },
    });
    const error = await failureOf(falProvider().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('rejected');
  });
});

describe('FLUX Kontext on Replicate', () => {
  it('creates a prediction with Prefer: wait and input_image as a data URI', async () => {
    const result = await replicateProvider().edit!({
      image: photo,
      prompt: 'at night',
      numImages: 1,
    });
    expect(isJpeg(result.images[0]!)).toBe(true);
    const [sent, download] = replicate.requests;
    expect(sent!.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(sent!.headers.authorization).toBe('Bearer r8_test');
    expect(sent!.headers.prefer).toBe('wait');
    const input = (sent!.json as { input: Record<string, string> }).input;
    expect(input.prompt).toBe('at night');
    expect(input.aspect_ratio).toBe('match_input_image');
    expect(isJpeg(dataUriBytes(input.input_image!))).toBe(true);
    expect(holdsAddress(sent!.text)).toBe(false);
    expect(download!.path).toBe('/delivery/out-0.jpg');
  });

  it('sends image and mask to FLUX Fill Pro', async () => {
    const mask = await sharp({ create: { width: 20, height: 15, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await replicateProvider().inpaint!({ image: photo, mask });
    const sent = replicate.requests[0]!;
    expect(sent.path).toBe('/v1/models/black-forest-labs/flux-fill-pro/predictions');
    const input = (sent.json as { input: Record<string, string> }).input;
    expect((await sharp(dataUriBytes(input.mask!)).metadata()).width).toBe(200);
    expect(isJpeg(dataUriBytes(input.image!))).toBe(true);
  });

  it('a prediction failed as sensitive (E005) is a content refusal', async () => {
    replicate.fail('/predictions', {
      status: 201,
      body: {
        id: 'p2',
        status: 'failed',
        output: null,
        error:
          'Prediction failed: E005 The input or output was flagged as sensitive. Please try again with different inputs.',
      },
    });
    const error = await failureOf(
      replicateProvider().edit!({ image: photo, prompt: 'x', numImages: 1 }),
    );
    expect(error!.failure).toBe('content_refused');
  });

  it('waits out a throttled 429 and succeeds', async () => {
    replicate.fail('/predictions', {
      status: 429,
      headers: { 'retry-after': '0' },
      body: {
        title: 'Request was throttled',
        detail: 'Request was throttled. Expected available in 1 second.',
        status: 429,
      },
    });
    const result = await replicateProvider().generate!({
      prompt: 'a fox',
      numImages: 1,
      aspectRatio: '1:1',
    });
    expect(result.images).toHaveLength(1);
    expect(records[0]).toMatchObject({ attempts: 2, outcome: 'ok' });
  });
});
