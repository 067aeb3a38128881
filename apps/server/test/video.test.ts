import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalProvider,
  describeVideoTrack,
  ProviderRegistry,
  readMp4,
  type Provider,
} from '@image-lab/engine';
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { jobs } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/secrets.ts';
import { NOT_OUR_IMAGE } from '../src/platform/own-url.ts';
import { LocalStorage } from '../src/platform/storage.ts';
import { buildTestApp, testConfig } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, storedFiles, upload } from './image-helpers.ts';

const creditsOf = async (app: App, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

async function person(app: App, credits = 30) {
  const { headers, user } = await newSignedInUser(app, {
    passwordHash: await hashPassword('correct horse battery'),
  });
  await setCredits(app, user.id, credits);
  const { imageUrl } = (
    await upload(app, headers, await smallPhoto('living-room.jpg', 320))
  ).json();
  return { headers, user, imageUrl: imageUrl as string };
}

const generate = (app: App, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/generate-video', headers, payload });

describe('POST /api/generate-video with the local engine', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('makes a 3 s, 24 fps H.264 MP4 of 72 frames for 10 credits', async () => {
    const { headers, imageUrl } = await person(app);
    const res = await generate(app, headers, { imageUrl, prompt: 'slow zoom out' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      creditsUsed: 10,
      creditsRemaining: 20,
      frames: 72,
      fps: 24,
      seconds: 3,
      motion: 'zoom-out',
      provider: 'local',
    });
    // Beside its image's other renditions, so it goes when the image goes.
    expect(body.videoUrl).toMatch(
      /^\/uploads\/renditions\/images\/[0-9a-f-]+\/[0-9a-f-]+\.jpg\/video-[0-9a-f-]+\.mp4$/,
    );
    expect(await creditsOf(app, headers)).toBe(20);

    const file = await app.inject({ method: 'GET', url: body.videoUrl, headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['accept-ranges']).toBe('bytes');
    const info = readMp4(file.rawPayload);
    expect(info.fastStart).toBe(true);
    const video = info.tracks.find((t) => t.handler === 'vide')!;
    expect(video.codec).toBe('avc1');
    expect(video.sampleCount).toBe(72);
    expect(video.sampleDuration / video.timescale).toBe(3);
    expect(video.duration / video.timescale).toBe(3);
    expect(describeVideoTrack(info)).toMatchObject({ frames: 72, fps: 24, seconds: 3 });

    // Byte ranges, as a <video> element asks for them while seeking.
    const part = await app.inject({
      method: 'GET',
      url: body.videoUrl,
      headers: { ...headers, range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${file.rawPayload.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(file.rawPayload.subarray(100, 1100))).toBe(true);
    const tail = await app.inject({
      url: body.videoUrl,
      headers: { ...headers, range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(file.rawPayload.subarray(-10))).toBe(true);
    const open = await app.inject({
      url: body.videoUrl,
      headers: { ...headers, range: 'bytes=0-' },
    });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.length).toBe(file.rawPayload.length);
    const beyond = await app.inject({
      url: body.videoUrl,
      headers: { ...headers, range: `bytes=${file.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${file.rawPayload.length}`);
    const odd = await app.inject({
      url: body.videoUrl,
      headers: { ...headers, range: 'bytes=5-1,9-10' },
    });
    expect(odd.statusCode).toBe(200);
  });

  it('picks the default move when the prompt names none', async () => {
    const { headers, imageUrl } = await person(app);
    const res = await generate(app, headers, { imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json().motion).toBe('zoom-in');
  });

  it('answers 404 for another account’s image and charges nothing', async () => {
    const owner = await person(app);
    const other = await person(app);
    const res = await generate(app, other.headers, { imageUrl: owner.imageUrl, prompt: '' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Image not found');
    expect(await creditsOf(app, other.headers)).toBe(30);
  });

  it('answers 400 for an address that is not one of ours, fetching nothing', async () => {
    const { headers } = await person(app);
    for (const imageUrl of [
      'https://example.com/photo.jpg',
      'http://127.0.0.1:5000/uploads/images/x/y.jpg',
      'file:///etc/passwd',
      '/api/user/stats',
    ]) {
      const res = await generate(app, headers, { imageUrl, prompt: 'zoom in' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOT_OUR_IMAGE);
    }
    expect((await generate(app, headers, { prompt: 'zoom in' })).statusCode).toBe(400);
    expect(await creditsOf(app, headers)).toBe(30);
  });

  it('answers 402 Out of Credits below 10 credits, and makes nothing', async () => {
    const { headers, user, imageUrl } = await person(app, 9);
    const files = storedFiles(app).length;
    const res = await generate(app, headers, { imageUrl, prompt: 'pan left' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'out_of_credits',
      title: 'Out of Credits',
      message: "You're out of credits. Subscribe to get more.",
    });
    expect(await creditsOf(app, headers)).toBe(9);
    expect(storedFiles(app).length).toBe(files);
    const rows = await app.database.db.select().from(jobs).where(eq(jobs.accountId, user.id));
    expect(rows).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    const { imageUrl } = await person(app);
    const res = await generate(app, {}, { imageUrl, prompt: '' });
    expect(res.statusCode).toBe(401);
  });

  it('deletes a video with the image it was made from', async () => {
    const { headers, imageUrl } = await person(app);
    const { videoUrl } = (await generate(app, headers, { imageUrl, prompt: '' })).json();
    expect((await app.inject({ url: videoUrl, headers })).statusCode).toBe(200);
    expect((await app.inject({ url: videoUrl })).statusCode).toBe(404);
    const [image] = (await app.inject({ url: '/api/gallery', headers })).json();
    const gone = await app.inject({
      method: 'POST',
      url: '/api/gallery/delete',
      headers,
      payload: { ids: [image.id] },
    });
    expect(gone.json().deleted).toBe(1);
    expect((await app.inject({ url: videoUrl, headers })).statusCode).toBe(404);
    expect(await app.storage.exists(videoUrl.slice('/uploads/'.length))).toBe(false);
  });

  it('deletes the videos with the account', async () => {
    const { headers, imageUrl } = await person(app);
    const { videoUrl } = (await generate(app, headers, { imageUrl, prompt: '' })).json();
    expect((await app.inject({ url: videoUrl, headers })).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers,
      payload: { password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await app.storage.exists(videoUrl.slice('/uploads/'.length))).toBe(false);
  });
});

describe('a video job that fails', () => {
  const local = createLocalProvider({ threads: 2 });
  const withVideo = (video: Provider['video']): ProviderRegistry =>
    new ProviderRegistry([{ ...local, id: 'test-video', video }, local], { video: 'test-video' });

  async function failing(parts: Parameters<typeof buildTestApp>[1], config = testConfig()) {
    const app = await buildTestApp({ DATA_DIR: config.dataDir }, parts);
    const who = await person(app);
    const files = storedFiles(app).length;
    const res = await generate(app, who.headers, { imageUrl: who.imageUrl, prompt: 'zoom in' });
    const rows = await app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, who.user.id), eq(jobs.kind, 'generate-video')));
    const after = { credits: await creditsOf(app, who.headers), files: storedFiles(app).length };
    await app.close();
    return { res, rows, files, after };
  }

  it('refunds the 10 credits and leaves no file when the engine throws', async () => {
    const { res, rows, files, after } = await failing({
      engine: withVideo(async () => {
        throw new Error('encoder crashed');
      }),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      message: 'Failed to generate the video. Please try again.',
      title: 'Video Failed',
    });
    expect(after).toEqual({ credits: 30, files });
    expect(rows.map((r) => [r.status, r.creditsReserved])).toEqual([['failed', 10]]);
  });

  it('refunds when the provider hands back something that is not an MP4', async () => {
    const { res, after, files } = await failing({
      engine: withVideo(async () => ({
        video: Buffer.from('definitely not a video'),
        contentType: 'video/mp4',
        width: 2,
        height: 2,
        frames: 72,
        fps: 24,
        seconds: 3,
        applied: [],
        unsupported: [],
      })),
    });
    expect(res.statusCode).toBe(500);
    expect(after).toEqual({ credits: 30, files });
  });

  it('refunds and removes the file when storing the video fails', async () => {
    const config = testConfig();
    class NoVideos extends LocalStorage {
      override async put(key: string, body: Buffer, type: string) {
        if (key.endsWith('.mp4')) {
          await super.put(key, body.subarray(0, 100), type);
          throw new Error('disk full');
        }
        return super.put(key, body, type);
      }
    }
    const storage = new NoVideos(path.join(config.dataDir, 'uploads'));
    const { res, after, files } = await failing({ storage }, config);
    expect(res.statusCode).toBe(500);
    expect(after).toEqual({ credits: 30, files });
  });

  it('never runs more than two video jobs at once', async () => {
    let running = 0;
    let most = 0;
    const slow: Provider['video'] = async (request) => {
      running++;
      most = Math.max(most, running);
      try {
        await new Promise((r) => setTimeout(r, 150));
        return await local.video!({ ...request, seconds: 1, fps: 4 });
      } finally {
        running--;
      }
    };
    const app = await buildTestApp({}, { engine: withVideo(slow) });
    const who = await person(app, 100);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        generate(app, who.headers, { imageUrl: who.imageUrl, prompt: '' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(most).toBe(2);
    expect(await creditsOf(app, who.headers)).toBe(60);
    await app.close();
  });
});
