import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  NO_IMAGE,
  NO_INSTRUCTIONS,
  type EditedImageRecord,
  type EditImageFields,
  type EditImageResponse,
} from '@image-lab/contract';
import { nearestAspectRatio } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { guestRecordId, newGuestKey } from '../../platform/guest-identity.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { recordGuestFiles } from '../guests/guest.repository.ts';
import { runPaidJob, type Payer } from '../../platform/paid-job.ts';
import { payWithGuestAllowance } from '../guests/guest-payer.ts';
import { guestAllowance, resolveGuestImage, type Guest } from '../guests/guest.service.ts';
import { editedAnswer, editModel, editPayload, editPrompt } from './edit-answer.ts';
import { EDIT_JOB, editTimedOut, type EditJobPayload, type EditJobResult } from './edit.job.ts';
import { GENERATION_FAILED } from './edit.service.ts';
import { checkPreset, needsReference } from './presets.ts';
import { refuseUnsafePrompt } from '../../platform/prompt-moderation.ts';

function guestRecord(
  key: string,
  image: { width: number; height: number; prompt: string; model: string },
  parentKey: string | undefined,
  sessionId: string | undefined,
): EditedImageRecord {
  const createdAt = new Date().toISOString();
  return {
    id: guestRecordId(key),
    imageUrl: urlOfKey(key),
    image_url: urlOfKey(key),
    prompt: image.prompt,
    imageType: 'generated',
    originalImageUrl: null,
    parentId: parentKey ? guestRecordId(parentKey) : null,
    parentImageUrl: parentKey ? urlOfKey(parentKey) : null,
    projectId: null,
    sessionId: sessionId ?? null,
    model: image.model,
    width: image.width,
    height: image.height,
    aspectRatio: nearestAspectRatio(image.width, image.height),
    createdAt,
    created_at: createdAt,
  };
}

/** An edit for a guest: the same job as for accounts, paid from the daily free allowance. */
export async function guestEditImage(
  app: FastifyInstance,
  guest: Guest,
  fields: EditImageFields,
  /** An image of a batch: its free result was taken when the batch began. */
  prepaid?: Payer,
): Promise<EditImageResponse> {
  if (fields.preset) checkPreset(fields.preset, app.engine);
  if (!fields.prompt && !fields.preset) {
    throw new AppError(400, 'no_instructions', NO_INSTRUCTIONS, 'No Instructions');
  }
  refuseUnsafePrompt(app, fields.prompt);
  const sourceKey = fields.imageUrl
    ? await resolveGuestImage(app, guest.hash, fields.imageUrl)
    : undefined;
  if (!sourceKey && !(fields.generateNew && !fields.preset)) {
    throw new AppError(400, 'no_image', NO_IMAGE, 'No Image');
  }
  const referenceKey = fields.referenceImageUrl
    ? await resolveGuestImage(app, guest.hash, fields.referenceImageUrl)
    : undefined;
  if (needsReference(fields.preset) && !referenceKey) {
    throw new AppError(400, 'no_reference', 'Choose a reference image for style transfer.');
  }

  const jobId = crypto.randomUUID();
  const resultKeys = Array.from({ length: fields.numImages }, () => newGuestKey(guest.hash));
  const aspectRatio = fields.aspectRatio ?? '3:2';
  const payload = editPayload(fields, { sourceKey, referenceKey, resultKeys }, aspectRatio);
  return runPaidJob<EditJobPayload, EditJobResult, string[], EditImageResponse>(
    app,
    prepaid ?? payWithGuestAllowance(app, guest),
    {
      jobId,
      kind: EDIT_JOB,
      credits: fields.numImages,
      reason: 'guest',
      writes: resultKeys,
      payload,
      timedOut: editTimedOut,
      failed: () => new AppError(500, 'generation_failed', GENERATION_FAILED, 'Generation Failed'),
      record: async (db, outcome) => {
        const keys = outcome.results.map((r) => r.key);
        await recordGuestFiles(db, guest.hash, keys);
        return { rows: keys, used: keys.length };
      },
      answer: async ({ outcome }) => {
        const prompt = editPrompt(fields);
        const model = editModel(outcome.provider, fields, sourceKey);
        const images = outcome.results.map((r) =>
          guestRecord(r.key, { ...r, prompt, model }, sourceKey, fields.sessionId),
        );
        const { remaining } = await guestAllowance(app, guest);
        return editedAnswer(jobId, sourceKey, images, outcome, { used: 0, remaining });
      },
    },
  );
}
