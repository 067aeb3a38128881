import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  NO_IMAGE,
  NO_INSTRUCTIONS,
  type EditedImageRecord,
  type EditImageFields,
  type EditImageResponse,
  type SavedImageResponse,
} from '@image-lab/contract';
import { nearestAspectRatio } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { storageKeyFromUrl, urlOfKey } from '../../platform/own-url.ts';
import { normalizeOrRefuse } from '../images/images.service.ts';
import type { UploadedFile } from '../images/multipart.ts';
import { startEditJob, type StartedEdit } from '../generation/edit-runner.ts';
import { removeWrittenFiles } from '../generation/job-failure.ts';
import { GENERATION_FAILED } from '../generation/edit.service.ts';
import { checkPreset } from '../generation/presets.ts';
import { assertGuestKey, guestRecordId, newGuestKey } from './guest-identity.ts';
import {
  guestFileExists,
  recordGuestFiles,
  returnAllowance,
  takeAllowance,
  usedToday,
} from './guest.repository.ts';

export const GUEST_LIMIT_REACHED =
  "You've used today's free edits. Sign up to keep editing and save your work.";
/** A network address may serve a household or an office: it gets a few guests' worth. */
const GUESTS_PER_ADDRESS = 4;

export interface Guest {
  hash: string;
  ip: string;
}

function counters(app: FastifyInstance, guest: Guest) {
  const limit = app.config.guestFreeImages;
  return [
    { key: `guest:${guest.hash}`, limit },
    {
      key: `ip:${crypto.createHash('sha256').update(guest.ip).digest('hex').slice(0, 32)}`,
      limit: limit * GUESTS_PER_ADDRESS,
    },
  ];
}

/** Free results left today: the smaller of the guest's and the address's remainder. */
export async function guestAllowance(app: FastifyInstance, guest: Guest) {
  const limits = counters(app, guest);
  const used = await usedToday(
    app.database.db,
    limits.map((l) => l.key),
  );
  const remaining = Math.max(0, Math.min(...limits.map((l, i) => l.limit - used[i]!)));
  return { remaining, limit: app.config.guestFreeImages };
}

/**
 * Takes `n` free results from the guest and from its network address at once, or refuses with
 * the spec's 402. Every expensive call open to visitors goes through here.
 */
export async function takeGuestAllowance(app: FastifyInstance, guest: Guest, n: number) {
  if (!(await takeAllowance(app.database.db, counters(app, guest), n))) {
    throw new AppError(402, 'guest_limit', GUEST_LIMIT_REACHED, 'Free Edits Used');
  }
}

export async function returnGuestAllowance(app: FastifyInstance, guest: Guest, n: number) {
  if (n <= 0) return;
  const keys = counters(app, guest).map((l) => l.key);
  await returnAllowance(app.database.db, keys, n);
}

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

/** A guest's upload: checked and normalised like any other, kept for a day, in no gallery. */
export async function saveGuestOriginal(
  app: FastifyInstance,
  guest: Guest,
  file: UploadedFile,
): Promise<SavedImageResponse> {
  const image = await normalizeOrRefuse(app, file.data);
  const key = newGuestKey(guest.hash);
  await app.storage.put(key, image.data, 'image/jpeg');
  try {
    await recordGuestFiles(app.database.db, guest.hash, [key]);
  } catch (error) {
    await app.storage.delete(key).catch(() => {});
    throw error;
  }
  return {
    id: guestRecordId(key),
    imageUrl: urlOfKey(key),
    width: image.width,
    height: image.height,
    aspectRatio: image.aspectRatio,
  };
}

/** The storage key of one of this guest's own files, or 404. */
export async function resolveGuestImage(app: FastifyInstance, guestHash: string, url: string) {
  const key = storageKeyFromUrl(url, app.config.publicUrl);
  assertGuestKey(guestHash, key);
  if (!(await guestFileExists(app.database.db, key))) {
    throw new AppError(404, 'not_found', 'Image not found');
  }
  return key;
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
