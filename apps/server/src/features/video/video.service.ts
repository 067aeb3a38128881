import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { VIDEO_CREDITS, type GenerateVideoResponse } from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { payWithCredits } from '../../platform/credit-payer.ts';
import { runPaidJob } from '../../platform/paid-job.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import {
  VIDEO_JOB,
  videoUnavailable,
  type VideoJobPayload,
  type VideoJobResult,
  type VideoJobSuccess,
} from './video.job.ts';
import { videoKeyOf } from './video.repository.ts';
import { refuseUnsafePrompt } from '../../platform/prompt-moderation.ts';

export const VIDEO_FAILED = 'Failed to generate the video. Please try again.';

/**
 * Image to video: check the image is the account's own, reserve 10 credits, run the job (at
 * most two heavy jobs at once, on the shared runner), answer with the stored MP4's address.
 * Any failure after the reservation refunds it and removes the file, even one a timed-out job
 * writes later.
 */
export async function generateVideo(
  app: FastifyInstance,
  accountId: string,
  input: { imageUrl: string; prompt: string },
): Promise<GenerateVideoResponse> {
  refuseUnsafePrompt(app, input.prompt);
  const source = await resolveOwnImage(app, accountId, input.imageUrl);
  if (!app.engine.for('video')?.video) throw videoUnavailable();

  const jobId = crypto.randomUUID();
  const videoKey = videoKeyOf(source.storageKey, jobId);
  return runPaidJob<VideoJobPayload, VideoJobResult, never[], GenerateVideoResponse>(
    app,
    payWithCredits(app, accountId),
    {
      jobId,
      kind: VIDEO_JOB,
      credits: VIDEO_CREDITS,
      reason: 'video',
      writes: [videoKey],
      payload: { sourceKey: source.storageKey, prompt: input.prompt, videoKey },
      timedOut: () =>
        new AppError(504, 'timeout', 'The video took too long. Please try again.', 'Video Failed'),
      failed: () => new AppError(500, 'video_failed', VIDEO_FAILED, 'Video Failed'),
      record: async () => ({ rows: [], used: VIDEO_CREDITS }),
      answer: async ({ outcome }) =>
        answer(
          outcome,
          jobId,
          urlOfKey(videoKey),
          (await balanceOf(app.database.db, accountId)) ?? 0,
        ),
    },
  );
}

function answer(
  outcome: VideoJobSuccess,
  jobId: string,
  videoUrl: string,
  creditsRemaining: number,
): GenerateVideoResponse {
  return {
    success: true,
    videoUrl,
    creditsUsed: VIDEO_CREDITS,
    creditsRemaining,
    jobId,
    width: outcome.width,
    height: outcome.height,
    frames: outcome.frames,
    fps: outcome.fps,
    seconds: outcome.seconds,
    motion: outcome.motion,
    provider: outcome.provider,
    applied: outcome.applied,
    unsupported: outcome.unsupported,
  };
}
