import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { EngineInputError } from '../errors.ts';
import { createLocalProvider } from '../local-provider.ts';
import { frameSize, imageToVideo } from './image-to-video.ts';
import { describeVideoTrack, Mp4FormatError, readMp4 } from './mp4-boxes.ts';

let photo: Buffer;
let video: Awaited<ReturnType<typeof imageToVideo>>;

beforeAll(async () => {
  photo = await fixture('living-room.jpg', 320);
  video = await imageToVideo(photo, { prompt: 'slow pan to the left' });
}, 60_000);

describe('imageToVideo', () => {
  it('writes a 3 s, 24 fps H.264 MP4 of 72 frames, as its container says', () => {
    const info = readMp4(video.video);
    expect(info.majorBrand).toBe('isom');
    expect(info.fastStart).toBe(true);
    const [track] = info.tracks;
    expect(info.tracks).toHaveLength(1);
    expect(track).toMatchObject({ handler: 'vide', codec: 'avc1', avcProfile: 100 });
    expect(track!.sampleCount).toBe(72);
    expect(track!.sampleDeltas).toHaveLength(1);
    expect(track!.sampleDuration / track!.timescale).toBe(3);
    expect(track!.duration / track!.timescale).toBe(3);
    expect(info.movieDuration / info.movieTimescale).toBe(3);
    expect(describeVideoTrack(info)).toEqual({
      codec: 'avc1',
      width: 320,
      height: 192,
      frames: 72,
      fps: 24,
      seconds: 3,
      constantFrameRate: true,
    });
    expect(video).toMatchObject({ frames: 72, fps: 24, seconds: 3, motion: 'pan-left' });
    expect(video.applied[0]).toBe('Pan left');
  });

  it('shows the photo, panning from its right-hand part to its left-hand part', async () => {
    const { spawnSync } = await import('node:child_process');
    const { ffmpegPath } = await import('./ffmpeg.ts');
    const frameAt = (n: number) =>
      spawnSync(
        ffmpegPath(),
        [
          ...['-loglevel', 'error', '-i', 'pipe:0', '-vf', `select=eq(n\\,${n})`],
          ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
        ],
        { input: video.video },
      ).stdout;
    const small = (image: Buffer) =>
      sharp(image).resize(32, 20, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const diff = (a: Buffer, b: Buffer) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    const { width, height } = await sharp(photo).metadata();
    const w = Math.round(width! / 1.2);
    const h = Math.round(height! / 1.2);
    const top = Math.round((height! - h) / 2);
    const right = await small(
      await sharp(photo)
        .extract({ left: width! - w, top, width: w, height: h })
        .toBuffer(),
    );
    const left = await small(
      await sharp(photo).extract({ left: 0, top, width: w, height: h }).toBuffer(),
    );
    const first = await small(frameAt(0));
    const last = await small(frameAt(71));
    expect(diff(first, right)).toBeLessThan(6);
    expect(diff(last, left)).toBeLessThan(6);
    expect(diff(first, last)).toBeGreaterThan(3 * diff(first, right));
  });

  it('is what the local provider offers as its video capability', async () => {
    const local = createLocalProvider({ threads: 2 });
    expect(local.capabilities.has('video')).toBe(true);
    const result = await local.video!({ image: photo, prompt: 'zoom out', seconds: 1, fps: 12 });
    expect(describeVideoTrack(readMp4(result.video))).toMatchObject({ frames: 12, fps: 12 });
    expect(result.motion).toBe('zoom-out');
  });

  it('refuses bytes that are not an image', async () => {
    await expect(imageToVideo(Buffer.from('not an image'), { prompt: '' })).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });

  it('stops, and kills the encoder, when aborted', async () => {
    const controller = new AbortController();
    const started = imageToVideo(photo, {
      prompt: '',
      signal: controller.signal,
      onProgress: (f) => f > 0.3 && controller.abort(new Error('stop')),
    });
    await expect(started).rejects.toThrow('stop');
  });
});

describe('frameSize', () => {
  it('keeps the shape, caps the long side at 1280 and makes both sides even', () => {
    expect(frameSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(frameSize(3000, 4000)).toEqual({ width: 960, height: 1280 });
    expect(frameSize(321, 213)).toEqual({ width: 322, height: 214 });
    expect(frameSize(1919, 1080)).toEqual({ width: 1280, height: 720 });
  });
});

describe('readMp4', () => {
  it('refuses what is not an MP4', () => {
    expect(() => readMp4(Buffer.from('hello world, not a video'))).toThrow(Mp4FormatError);
    expect(() => readMp4(video.video.subarray(0, 600))).toThrow(Mp4FormatError);
  });
});
