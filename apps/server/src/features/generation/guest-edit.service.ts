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
import {
  guestAllowance,
  resolveGuestImage,
  returnGuestAllowance,
  takeGuestAllowance,
  type Guest,
} from '../guests/guest.service.ts';
import { startEditJob, type StartedEdit } from './edit-runner.ts';
import { GENERATION_FAILED } from './edit.service.ts';
import { removeWrittenFiles } from '../../platform/job-failure.ts';
import { checkPreset } from './presets.ts';

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
): Promise<EditImageResponse> {
  if (fields.preset) checkPreset(fields.preset, app.engine);
  if (!fields.prompt && !fields.preset) {
    throw new AppError(400, 'no_instructions', NO_INSTRUCTIONS, 'No Instructions');
  }
  const sourceKey = fields.imageUrl
    ? await resolveGuestImage(app, guest.hash, fields.imageUrl)
    : undefined;
  if (!sourceKey && !(fields.generateNew && !fields.preset)) {
    throw new AppError(400, 'no_image', NO_IMAGE, 'No Image');
  }
  const referenceKey = fields.referenceImageUrl
    ? await resolveGuestImage(app, guest.hash, fields.referenceImageUrl)
    : undefined;
  if (fields.preset === 'style-transfer' && !referenceKey) {
    throw new AppError(400, 'no_reference', 'Choose a reference image for style transfer.');
  }

  const db = app.database.db;
  await takeGuestAllowance(app, guest, fields.numImages);
  const resultKeys = Array.from({ length: fields.numImages }, () => newGuestKey(guest.hash));
  let started: StartedEdit | undefined;
  try {
    started = startEditJob(
      app,
      {
        sourceKey,
        referenceKey,
        prompt: fields.prompt,
        preset: fields.preset,
        numImages: fields.numImages,
        aspectRatio: fields.aspectRatio ?? '3:2',
        resultKeys,
        selection: fields.selection,
      },
      () => {},
    );
    const outcome = await started.result;
    // Results the provider did not deliver go back to the allowance.
    await returnGuestAllowance(app, guest, fields.numImages - outcome.results.length);
    await recordGuestFiles(
      db,
      guest.hash,
      outcome.results.map((r) => r.key),
    );
    const prompt = fields.prompt || (fields.preset ? `Preset: ${fields.preset}` : '');
    const model = `${outcome.provider}:${fields.preset ?? (sourceKey ? 'edit' : 'generate')}`;
    const images = outcome.results.map((r) =>
      guestRecord(r.key, { ...r, prompt, model }, sourceKey, fields.sessionId),
    );
    const urls = images.map((i) => i.imageUrl);
    return {
      type: 'edited',
      jobId: crypto.randomUUID(),
      edited_images: urls,
      edited_image: urls[0]!,
      editedImageUrl: urls[0]!,
      original_image: sourceKey ? urlOfKey(sourceKey) : null,
      images,
      applied: outcome.applied,
      unsupported: outcome.unsupported,
      ...(outcome.clauses ? { clauses: outcome.clauses } : {}),
      creditsUsed: 0,
      creditsRemaining: (await guestAllowance(app, guest)).remaining,
    };
  } catch (error) {
    await returnGuestAllowance(app, guest, fields.numImages);
    await removeWrittenFiles(app, resultKeys, started?.settled, error);
    if (error instanceof AppError) throw error;
    app.log.error({ err: error }, 'guest generation failed');
    throw new AppError(500, 'generation_failed', GENERATION_FAILED, 'Generation Failed');
  }
}
