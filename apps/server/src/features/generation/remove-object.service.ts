import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  knownCodeOr,
  REMOVE_OBJECT_CREDITS,
  type RemoveObjectRequest,
  type RemoveObjectResponse,
} from '@image-lab/contract';
import { nearestAspectRatio } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { newImageKey } from '../../platform/storage.ts';
import { balanceOf, ensureBalance } from '../credits/credits.repository.ts';
import { toEditedImageRecord } from '../images/image-records.ts';
import {
  publishCredits,
  publishImagesUpdated,
  publishJobProgress,
} from '../images/images.events.ts';
import { insertImages } from '../images/images.repository.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { GENERATION_FAILED, OUT_OF_CREDITS } from './edit.service.ts';
import { undoFailedJob } from './job-failure.ts';
import { markJob } from './jobs.repository.ts';
import { startLeasedJob } from './job-leases.ts';
import { completeJob } from './job-completion.ts';
import {
  REMOVE_OBJECT_JOB,
  removalUnavailable,
  type RemoveObjectPayload,
  type RemoveObjectResult,
} from './remove-object.job.ts';

const JOB_TIMEOUT_MS = 180_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new AppError(504, 'timeout', 'Image generation took too long. Please try again.')),
      JOB_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Remove the object under a click: the image must be the account's own; 1 credit is reserved
 * before the job and refunded on any failure (nothing at the point included); the result is
 * a new generated image whose parent is the clicked one, like an edit.
 */
export async function removeObjectAt(
  app: FastifyInstance,
  accountId: string,
  input: RemoveObjectRequest,
): Promise<RemoveObjectResponse> {
  const db = app.database.db;
  if (!app.engine.for('detectObjects') || !app.engine.for('inpaint')) throw removalUnavailable();
  await assertOwnProject(db, accountId, input.projectId);
  const source = await resolveOwnImage(app, accountId, input.imageUrl);

  const jobId = crypto.randomUUID();
  const cost = REMOVE_OBJECT_CREDITS;
  await ensureBalance(db, accountId, app.config.startingCredits);
  const resultKey = newImageKey(accountId, 'jpg');
  const lease = await startLeasedJob(app, {
    id: jobId,
    accountId,
    kind: REMOVE_OBJECT_JOB,
    creditsReserved: cost,
    fileKeys: [resultKey],
    reason: 'generation',
  });
  if (!lease) throw new AppError(402, 'out_of_credits', OUT_OF_CREDITS, 'Out of Credits');
  await publishCredits(app, accountId, lease.reserved);
  const progress = (value: number, status = 'running') =>
    publishJobProgress(app, accountId, { jobId, status, progress: value });

  let job: Promise<RemoveObjectResult> | undefined;
  try {
    await markJob(db, jobId, { status: 'running' });
    await progress(0);
    const payload: RemoveObjectPayload = {
      sourceKey: source.storageKey,
      point: { x: input.x, y: input.y },
      resultKey,
    };
    job = app.jobs.run<RemoveObjectPayload, RemoveObjectResult>(REMOVE_OBJECT_JOB, payload, {
      onProgress: (p) => void progress(p),
    });
    const outcome = await withTimeout(job);
    if (!outcome.ok) {
      const { status, code, message, title } = outcome.error;
      throw new AppError(status, knownCodeOr(code, status), message, title);
    }
    const label = outcome.removed.label === 'dining table' ? 'table' : outcome.removed.label;
    const { rows } = await completeJob(db, jobId, async (tx) => {
      const inserted = await insertImages(tx, [
        {
          accountId,
          storageKey: resultKey,
          kind: 'generated',
          model: `${outcome.provider}:remove-object`,
          prompt: `Remove the ${label}`,
          filename: `remove-${label.replace(/\s+/g, '-')}`,
          parentId: source.id,
          rootId: source.rootId ?? source.id,
          width: outcome.width,
          height: outcome.height,
          aspectRatio: nearestAspectRatio(outcome.width, outcome.height),
          bytes: outcome.bytes,
          contentType: 'image/jpeg',
          projectId: input.projectId ?? source.projectId ?? null,
          sessionId: null,
        },
      ]);
      return { rows: inserted, used: cost, resultImageIds: inserted.map((r) => r.id) };
    });
    const row = rows[0];
    await progress(100, 'succeeded');
    await publishImagesUpdated(app, accountId, 'generated', [row!.id]);
    const url = urlOfKey(resultKey);
    return {
      type: 'edited',
      jobId,
      edited_images: [url],
      edited_image: url,
      editedImageUrl: url,
      original_image: urlOfKey(source.storageKey),
      images: [toEditedImageRecord(row!, [row!, source])],
      applied: outcome.applied,
      unsupported: [],
      creditsUsed: cost,
      creditsRemaining: (await balanceOf(db, accountId)) ?? 0,
      removed: outcome.removed,
    };
  } catch (error) {
    throw await undoFailedJob(
      app,
      { accountId, jobId, progress, settled: job, keys: [resultKey] },
      error,
      new AppError(500, 'generation_failed', GENERATION_FAILED, 'Generation Failed'),
    );
  } finally {
    lease.release();
  }
}
