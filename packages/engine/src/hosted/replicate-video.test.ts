import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeH264 } from '../video/ffmpeg.ts';
import { describeVideoTrack, readMp4 } from '../video/mp4-boxes.ts';
import { createHostedProviders } from './create-hosted.ts';
import type { HostedProviderError } from './errors.ts';
import { replicateVideo } from './replicate-video.ts';
import { DEFAULT_MODELS } from './settings.ts';
import {
  holdsAddress,
  recordingContext,
  startStandIn,
  type Answer,
  type RecordedRequest,
  type StandIn,
} from './test-support/stand-in.ts';

let replicate: StandIn;
let clip: Buffer;
let photo: Buffer;
/** How the next prediction ends: after `polls` GETs still processing. */
let script: { polls: number; ending: Answer['body'] } = { polls: 0, ending: {} };
const { records, context } = recordingContext();

const prediction = (status: string, extra: object = {}) => ({
  id: 'vid1',
  model: DEFAULT_MODELS.replicate.videoModel,
  version: 'hidden',
  logs: '',
  output: null,
  error: null,
  status,
  created_at: '2025-01-01T00:00:00.000Z',
  urls: {
    get: `${replicate.url}/v1/predictions/vid1`,
    cancel: `${replicate.url}/v1/predictions/vid1/cancel`,
  },
  ...extra,
});

/** Replicate's predictions API: created (starting), polled by id, output on its file host. */
function route(request: RecordedRequest): Answer {
  if (request.path === '/delivery/clip.mp4') {
    return { status: 200, headers: { 'content-type': 'video/mp4' }, body: clip };
  }
  if (request.method === 'POST' && /^\/v1\/models\/.+\/predictions$/.test(request.path)) {
    return { status: 201, body: prediction('starting') };
  }
  if (request.method === 'GET' && request.path === '/v1/predictions/vid1') {
    if (script.polls-- > 0) return { status: 200, body: prediction('processing') };
    return { status: 200, body: script.ending };
  }
  return { status: 404, body: { title: 'Not found', detail: 'Not found', status: 404 } };
}

const settings = () => ({
  apiToken: 'r8_video',
  baseURL: `${replicate.url}/v1`,
  ...DEFAULT_MODELS.replicate,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HostedProviderError,
  );

beforeAll(async () => {
  replicate = await startStandIn(route);
  // What a model sends back: 2 s at 30 fps, so the adapter's re-encode is visible.
  clip = await encodeH264({
    width: 160,
    height: 96,
    fps: 30,
    frames: 60,
    frame: (i) => Buffer.alloc(160 * 96 * 3, (i * 4) % 256),
  });
  photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#4a7' },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => replicate.close());
beforeEach(() => {
  replicate.requests.length = 0;
  records.length = 0;
  script = { polls: 0, ending: {} };
});

describe('image to video on Replicate', () => {
  it('sends our image as bytes, polls the prediction, and re-encodes the clip to 24 fps H.264', async () => {
    script = {
      polls: 2,
      ending: prediction('succeeded', { output: `${replicate.url}/delivery/clip.mp4` }),
    };
    const video = replicateVideo({ ...settings() }, context, 5);
    const result = await video({ image: photo, prompt: 'the leaves start to move' });

    const track = describeVideoTrack(readMp4(result.video));
    expect(track).toMatchObject({ codec: 'avc1', frames: 48, width: 160, height: 96 });
    expect(track.fps).toBeCloseTo(24, 5);
    expect(result).toMatchObject({ fps: 24, seconds: 2, frames: 48, contentType: 'video/mp4' });

    const [create] = replicate.requests;
    expect(create!.path).toBe(`/v1/models/${DEFAULT_MODELS.replicate.videoModel}/predictions`);
    expect(create!.headers.authorization).toBe('Bearer r8_video');
    expect(create!.headers.prefer).toBe('wait=60');
    const input = (create!.json as { input: { image: string; prompt: string } }).input;
    expect(input.prompt).toBe('the leaves start to move');
    expect(input.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(holdsAddress(create!.text)).toBe(false);
    expect(replicate.requests.filter((r) => r.path === '/v1/predictions/vid1')).toHaveLength(3);
    expect(records).toEqual([
      expect.objectContaining({ provider: 'replicate', capability: 'video', outcome: 'ok' }),
    ]);
  });

  it('keeps at most 3 seconds of a longer clip', async () => {
    const long = await encodeH264({
      width: 64,
      height: 64,
      fps: 24,
      frames: 120,
      frame: () => Buffer.alloc(64 * 64 * 3, 90),
    });
    const saved = clip;
    clip = long;
    script = {
      polls: 0,
      ending: prediction('succeeded', { output: [`${replicate.url}/delivery/clip.mp4`] }),
    };
    const result = await replicateVideo(settings(), context, 5)({ image: photo, prompt: 'pan' });
    clip = saved;
    expect(describeVideoTrack(readMp4(result.video)).frames).toBe(72);
  });

  it('reports a safety refusal as refused content and a failed prediction as no result', async () => {
    script = { polls: 0, ending: prediction('failed', { error: 'NSFW content detected' }) };
    const refused = await failureOf(
      replicateVideo(settings(), context, 5)({ image: photo, prompt: 'x' }),
    );
    expect(refused).toMatchObject({ failure: 'content_refused', provider: 'replicate' });

    script = { polls: 0, ending: prediction('failed', { error: 'CUDA out of memory' }) };
    const failed = await failureOf(
      replicateVideo(settings(), context, 5)({ image: photo, prompt: 'x' }),
    );
    expect(failed).toMatchObject({ failure: 'no_result' });
  });

  it('waits out a 429 with Retry-After, and gives up on a bad token', async () => {
    script = {
      polls: 0,
      ending: prediction('succeeded', { output: `${replicate.url}/delivery/clip.mp4` }),
    };
    replicate.fail('/predictions', {
      status: 429,
      headers: { 'retry-after': '0' },
      body: { title: 'Too Many Requests', detail: 'Request was throttled.', status: 429 },
    });
    const result = await replicateVideo(settings(), context, 5)({ image: photo, prompt: 'zoom' });
    expect(result.frames).toBe(48);

    replicate.fail('/predictions', {
      status: 401,
      body: {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      },
    });
    const refused = await failureOf(
      replicateVideo(settings(), context, 5)({ image: photo, prompt: 'zoom' }),
    );
    expect(refused).toMatchObject({ failure: 'misconfigured' });
  });

  it('is chosen for video by AI_PROVIDER=replicate, with its model reported', () => {
    const { providers, choice } = createHostedProviders(
      { defaultProvider: 'replicate', routes: {}, policy: context.policy, replicate: settings() },
      context.log,
    );
    expect(choice.video).toBe('replicate');
    expect(providers[0]!.capabilities.has('video')).toBe(true);
    expect(providers[0]!.models?.video).toBe(DEFAULT_MODELS.replicate.videoModel);
    expect(typeof providers[0]!.video).toBe('function');
  });
});
