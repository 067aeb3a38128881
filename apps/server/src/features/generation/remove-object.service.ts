import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  REMOVE_OBJECT_CREDITS,
  type RemoveObjectRequest,
  type RemoveObjectResponse,
} from '@image-lab/contract';
import { nearestAspectRatio } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { newImageKey } from '../../platform/storage.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import { payWithCredits } from '../../platform/credit-payer.ts';
import { runPaidJob } from '../../platform/paid-job.ts';
import { toEditedImageRecord } from '../images/image-records.ts';
import { insertImages, type ImageRow } from '../images/images.repository.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { GENERATION_FAILED } from './edit.service.ts';
import {
  REMOVE_OBJECT_JOB,
  removalUnavailable,
  type RemoveObjectPayload,
  type RemoveObjectResult,
} from './remove-object.job.ts';

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
  const resultKey = newImageKey(accountId, 'jpg');
  return runPaidJob<RemoveObjectPayload, RemoveObjectResult, ImageRow[], RemoveObjectResponse>(
    app,
    payWithCredits(app, accountId),
    {
      jobId,
      kind: REMOVE_OBJECT_JOB,
      credits: cost,
      reason: 'generation',
      writes: [resultKey],
      payload: { sourceKey: source.storageKey, point: { x: input.x, y: input.y }, resultKey },
      timedOut: () =>
        new AppError(504, 'timeout', 'Image generation took too long. Please try again.'),
      failed: () => new AppError(500, 'generation_failed', GENERATION_FAILED, 'Generation Failed'),
      record: async (tx, outcome) => {
        const label = removedLabel(outcome.removed.label);
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
      },
      answer: async ({ outcome, rows }) => {
        const row = rows[0]!;
        await publishImagesUpdated(app, accountId, 'generated', [row.id]);
        const url = urlOfKey(resultKey);
        return {
          type: 'edited',
          jobId,
          edited_images: [url],
          edited_image: url,
          editedImageUrl: url,
          original_image: urlOfKey(source.storageKey),
          images: [toEditedImageRecord(row, [row, source])],
          applied: outcome.applied,
          unsupported: [],
          creditsUsed: cost,
          creditsRemaining: (await balanceOf(db, accountId)) ?? 0,
          removed: outcome.removed,
        };
      },
    },
  );
}

const removedLabel = (label: string) => (label === 'dining table' ? 'table' : label);
