import type { FastifyInstance } from 'fastify';
import { describeVideoTrack, readMp4 } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { readWorkingBytes, translateEngineError } from '../images/images.service.ts';
import type { JobRefusal } from '../../platform/job-run.ts';

export const VIDEO_JOB = 'generate-video';

/** JSON only: with BullMQ the job may run in another process, which reads files by key. */
export interface VideoJobPayload {
  sourceKey: string;
  prompt: string;
  videoKey: string;
}

export interface VideoJobSuccess {
  ok: true;
  provider: string;
  bytes: number;
  width: number;
  height: number;
  frames: number;
  fps: number;
  seconds: number;
  motion: string | null;
  applied: string[];
  unsupported: string[];
}

export type VideoJobResult = VideoJobSuccess | JobRefusal;

export const videoUnavailable = () =>
  new AppError(
    501,
    'capability_unavailable',
    'Video generation is not available on this server',
    'Video Failed',
  );

/** The job: read the image, let the provider film it, check the container, store the MP4. */
export function defineVideoJob(app: FastifyInstance) {
  app.jobs.define<VideoJobPayload, VideoJobResult>(VIDEO_JOB, async (payload, context) => {
    try {
      return await videoJob(app, payload, context);
    } catch (error) {
      const refusal = translateEngineError(error);
      if (!(refusal instanceof AppError)) throw error;
      const { status, code, message, title } = refusal;
      return { ok: false, error: { status, code, message, title } };
    }
  });
}

async function videoJob(
  app: FastifyInstance,
  payload: VideoJobPayload,
  context: JobContext,
): Promise<VideoJobSuccess> {
  const provider = app.engine.for('video');
  if (!provider?.video) throw videoUnavailable();
  const image = await readWorkingBytes(app, payload.sourceKey);
  await context.progress(5);
  let last = 5;
  const result = await provider.video({
    image,
    prompt: payload.prompt,
    onProgress: (fraction) => {
      const percent = Math.round(5 + Math.max(0, Math.min(1, fraction)) * 85);
      if (percent >= last + 5) {
        last = percent;
        void context.progress(percent);
      }
    },
  });
  // Whatever the provider, only a real H.264 MP4 is stored and handed out.
  const track = describeVideoTrack(readMp4(result.video));
  if (track.codec !== 'avc1' || track.frames < 1) {
    throw new Error(`The provider returned ${track.codec} with ${track.frames} frames`);
  }
  try {
    await app.storage.put(payload.videoKey, result.video, 'video/mp4');
  } catch (error) {
    await app.storage.delete(payload.videoKey).catch(() => {});
    throw error;
  }
  await context.progress(95);
  return {
    ok: true,
    provider: provider.id,
    bytes: result.video.length,
    width: track.width,
    height: track.height,
    frames: track.frames,
    fps: track.fps,
    seconds: track.seconds,
    motion: result.motion ?? null,
    applied: result.applied,
    unsupported: result.unsupported,
  };
}
