import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { knownCodeOr, VIDEO_CREDITS, type GenerateVideoResponse } from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { balanceOf, ensureBalance } from '../credits/credits.repository.ts';
import { OUT_OF_CREDITS } from '../generation/edit.service.ts';
import { undoFailedJob } from '../generation/job-failure.ts';
import { markJob } from '../generation/jobs.repository.ts';
import { startLeasedJob } from '../generation/job-leases.ts';
import { completeJob } from '../generation/job-completion.ts';
import { publishCredits, publishJobProgress } from '../images/images.events.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import {
  VIDEO_JOB,
  videoUnavailable,
  type VideoJobPayload,
  type VideoJobResult,
  type VideoJobSuccess,
} from './video.job.ts';
import { videoKeyOf } from './video.repository.ts';

export const VIDEO_FAILED = 'Failed to generate the video. Please try again.';
const JOB_TIMEOUT_MS = 180_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            504,
            'timeout',
            'The video took too long. Please try again.',
            'Video Failed',
          ),
        ),
      JOB_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

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
  const db = app.database.db;
  const source = await resolveOwnImage(app, accountId, input.imageUrl);
  if (!app.engine.for('video')?.video) throw videoUnavailable();

  const jobId = crypto.randomUUID();
  await ensureBalance(db, accountId, app.config.startingCredits);
  const videoKey = videoKeyOf(source.storageKey, jobId);
  const lease = await startLeasedJob(app, {
    id: jobId,
    accountId,
    kind: VIDEO_JOB,
    creditsReserved: VIDEO_CREDITS,
    fileKeys: [videoKey],
    reason: 'video',
  });
  if (!lease) throw new AppError(402, 'out_of_credits', OUT_OF_CREDITS, 'Out of Credits');
  await publishCredits(app, accountId, lease.reserved);
  const progress = (value: number, status = 'running') =>
    publishJobProgress(app, accountId, { jobId, status, progress: value });

  let job: Promise<VideoJobResult> | undefined;
  try {
    await markJob(db, jobId, { status: 'running' });
    await progress(0);
    const payload: VideoJobPayload = {
      sourceKey: source.storageKey,
      prompt: input.prompt,
      videoKey,
    };
    job = app.jobs.run<VideoJobPayload, VideoJobResult>(VIDEO_JOB, payload, {
      onProgress: (p) => void progress(p),
    });
    const outcome = await withTimeout(job);
    if (!outcome.ok) {
      const { status, code, message, title } = outcome.error;
      throw new AppError(status, knownCodeOr(code, status), message, title);
    }
    await completeJob(db, jobId, async () => ({ rows: [], used: VIDEO_CREDITS }));
    await progress(100, 'succeeded');
    return answer(outcome, jobId, urlOfKey(videoKey), (await balanceOf(db, accountId)) ?? 0);
  } catch (error) {
    throw await undoFailedJob(
      app,
      { accountId, jobId, progress, settled: job, keys: [videoKey] },
      error,
      new AppError(500, 'video_failed', VIDEO_FAILED, 'Video Failed'),
    );
  } finally {
    lease.release();
  }
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
