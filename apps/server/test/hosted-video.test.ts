import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeVideoTrack, readMp4 } from '@image-lab/engine';
import { encodeH264 } from '../../../packages/engine/src/video/ffmpeg.ts';
import type { App } from '../src/app.ts';
import {
  holdsAddress,
  startStandIn,
  type StandIn,
} from '../../../packages/engine/src/hosted/test-support/stand-in.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { fetchStored, smallPhoto, upload } from './image-helpers.ts';

let app: App;
let replicate: StandIn;
let clip: Buffer;

beforeAll(async () => {
  // What an image-to-video model answers: here 4 s at 16 fps, longer and slower than ours.
  clip = await encodeH264({
    width: 192,
    height: 128,
    fps: 16,
    frames: 64,
    frame: (i) => Buffer.alloc(192 * 128 * 3, 40 + i * 3),
  });
  replicate = await startStandIn((request) => {
    if (request.path === '/files/out.mp4') {
      return { status: 200, headers: { 'content-type': 'video/mp4' }, body: clip };
    }
    if (request.method === 'POST' && request.path.endsWith('/predictions')) {
      return {
        status: 201,
        body: {
          id: 'srv1',
          status: 'succeeded',
          output: `${replicate.url}/files/out.mp4`,
          error: null,
          urls: { get: `${replicate.url}/v1/predictions/srv1` },
        },
      };
    }
    return { status: 404, body: { detail: 'Not found', status: 404 } };
  });
  app = await buildTestApp({
    AI_PROVIDER_VIDEO: 'replicate',
    REPLICATE_API_TOKEN: 'r8_server',
    REPLICATE_BASE_URL: `${replicate.url}/v1`,
    AI_RETRY_BASE_MS: '5',
  });
});
afterAll(async () => {
  await app.close();
  await replicate.close();
});

describe('POST /api/generate-video with a hosted image-to-video model', () => {
  it('goes through the Replicate adapter and stores 3 s of 24 fps H.264 for 10 credits', async () => {
    const capabilities = (await app.inject({ url: '/api/capabilities' })).json();
    expect(
      capabilities.capabilities.find((c: { capability: string }) => c.capability === 'video'),
    ).toMatchObject({
      available: true,
      provider: 'replicate',
      model: 'wan-video/wan-2.2-i2v-fast',
    });

    const { headers, user } = await newSignedInUser(app);
    await setCredits(app, user.id, 12);
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/generate-video',
      headers,
      payload: { imageUrl, prompt: 'waves roll in' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, creditsUsed: 10 });

    const stored = await fetchStored(app, res.json().videoUrl, headers);
    const track = describeVideoTrack(readMp4(stored));
    expect(track).toMatchObject({ codec: 'avc1', frames: 72, width: 192, height: 128 });
    expect(track.fps).toBeCloseTo(24, 5);

    const sent = replicate.requests.find((r) => r.method === 'POST')!;
    expect(sent.headers.authorization).toBe('Bearer r8_server');
    expect((sent.json as { input: { prompt: string } }).input.prompt).toBe('waves roll in');
    // Our image's bytes went, never its address.
    expect(holdsAddress(sent.text)).toBe(false);
    const stats = await app.inject({ url: '/api/user/stats', headers });
    expect(stats.json().creditsRemaining).toBe(2);
  });
});
