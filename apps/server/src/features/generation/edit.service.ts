import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  NO_IMAGE,
  NO_INSTRUCTIONS,
  type EditImageFields,
  type EditImageResponse,
} from '@image-lab/contract';
import { cropGenerationSize, nearestAspectRatio } from '@image-lab/engine';
import { workingSize } from '@image-lab/contract/catalogue';
import { AppError } from '../../platform/errors.ts';
import { newImageKey } from '../../platform/storage.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import { payWithCredits } from '../../platform/credit-payer.ts';
import { runPaidJob, type Payer } from '../../platform/paid-job.ts';
import { toEditedImageRecord } from '../images/image-records.ts';
import {
  findImage,
  insertImages,
  type ImageRow,
  type NewImage,
} from '../images/images.repository.ts';
import {
  displayFilename,
  normalizeOrRefuse,
  resolveOwnImage,
  uploadToStore,
  workingKeyOf,
} from '../images/images.service.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { editedAnswer, editModel, editPayload, editPrompt } from './edit-answer.ts';
import { EDIT_JOB, editTimedOut, type EditJobPayload, type EditJobResult } from './edit.job.ts';
import {
  checkPreset,
  checkPresetCredits,
  creditsPerImage,
  isStyleApplication,
  needsReference,
} from './presets.ts';
import { checkSelectionMask, fitSelectionMask } from './selection-mask.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { refuseUnsafePrompt } from '../../platform/prompt-moderation.ts';

export const GENERATION_FAILED = 'Failed to edit image. Please try again.';

export interface EditInput {
  accountId: string;
  fields: EditImageFields;
  file?: UploadedFile;
  reference?: UploadedFile;
  /** A drawn selection: an image at the picture's size, light pixels selected. */
  mask?: UploadedFile;
}

/** Everything a request can get wrong is refused before a credit is taken. */
async function prepare(
  app: FastifyInstance,
  { accountId, fields, file, reference, mask }: EditInput,
) {
  if (fields.preset) {
    checkPreset(fields.preset, app.engine);
    await checkPresetCredits(app.database.db, accountId, fields.preset, app.config.startingCredits);
  }
  if (!fields.prompt && !fields.preset) {
    throw new AppError(400, 'no_instructions', NO_INSTRUCTIONS, 'No Instructions');
  }
  refuseUnsafePrompt(app, fields.prompt);
  await assertOwnProject(app.database.db, accountId, fields.projectId);
  const upload = file ? await normalizeOrRefuse(app, file.data) : undefined;
  const sourceRow =
    !upload && fields.imageUrl ? await resolveOwnImage(app, accountId, fields.imageUrl) : undefined;
  if (!upload && !sourceRow && !(fields.generateNew && !fields.preset)) {
    if (fields.preset) {
      const message = 'Please upload an image first before applying presets.';
      throw new AppError(400, 'preset_needs_image', message, 'No Image');
    }
    throw new AppError(400, 'no_image', NO_IMAGE, 'No Image');
  }
  const referenceUpload = reference ? await normalizeOrRefuse(app, reference.data) : undefined;
  const referenceRow =
    !referenceUpload && fields.referenceImageUrl
      ? await resolveOwnImage(app, accountId, fields.referenceImageUrl)
      : undefined;
  if (
    (needsReference(fields.preset) || isStyleApplication(fields)) &&
    !referenceUpload &&
    !referenceRow
  ) {
    throw new AppError(400, 'no_reference', 'Choose a reference image for style transfer.');
  }
  // A drawn selection is at the picture's own (original) size; the engine takes it at the size
  // of the copy it works on.
  const original = upload?.original ?? sourceRow;
  let maskData: Buffer | undefined;
  if (mask) {
    if (!original) throw new AppError(400, 'no_image', NO_IMAGE, 'No Image');
    await checkSelectionMask(mask.data, original.width, original.height);
    const working =
      upload ??
      (sourceRow && (await app.storage.exists(workingKeyOf(sourceRow.storageKey)))
        ? workingSize(sourceRow.width, sourceRow.height)
        : original);
    maskData = await fitSelectionMask(mask.data, working.width, working.height);
  }
  return { upload, sourceRow, referenceUpload, referenceRow, maskData };
}

/** Who pays for an edit, when not the account's credits at the time of the request. */
export interface EditPayment {
  /** A price reserved earlier (an image of a batch): the job row it was reserved on. */
  jobId: string;
  payer: Payer;
}

/** What the queue calls an edit: its preset, or the start of its prompt. */
export const editLabel = (fields: Pick<EditImageFields, 'preset' | 'prompt'>) =>
  fields.preset ?? ([...fields.prompt].slice(0, 60).join('') || null);

/**
 * One edit or generation: validate, reserve the credits, run the job, record the results.
 * Any failure after the reservation refunds it and removes every file the request wrote.
 */
export async function editImage(
  app: FastifyInstance,
  input: EditInput,
  payment?: EditPayment,
): Promise<EditImageResponse> {
  const { accountId, fields, mask } = input;
  const db = app.database.db;
  const { upload, sourceRow, referenceUpload, referenceRow, maskData } = await prepare(app, input);

  const jobId = payment?.jobId ?? crypto.randomUUID();
  const price = creditsPerImage(fields);
  const cost = fields.numImages * price;
  const sourceId = sourceRow?.id ?? (upload ? crypto.randomUUID() : undefined);
  const stored = upload
    ? uploadToStore(upload, {
        kind: 'uploaded',
        model: 'upload',
        filename: displayFilename(input.file?.filename, 'upload'),
        projectId: fields.projectId ?? null,
        sessionId: fields.sessionId ?? null,
      })
    : undefined;
  const sourceKey =
    sourceRow?.storageKey ?? (stored ? newImageKey(accountId, stored.format) : undefined);
  const referenceKey =
    referenceRow?.storageKey ?? (referenceUpload ? `tmp/${jobId}-reference.jpg` : undefined);
  const maskKey = mask ? `tmp/${jobId}-mask` : undefined;
  const resultKeys = Array.from({ length: fields.numImages }, () => newImageKey(accountId, 'jpg'));
  const aspectRatio =
    fields.aspectRatio ??
    (sourceRow?.aspectRatio as EditJobPayload['aspectRatio'] | null | undefined) ??
    (upload?.aspectRatio as EditJobPayload['aspectRatio'] | undefined) ??
    '3:2';
  const sourceValues: NewImage[] =
    stored && sourceKey && sourceId
      ? [
          {
            ...stored.meta,
            id: sourceId,
            accountId,
            storageKey: sourceKey,
            bytes: stored.data.length,
            contentType: stored.format === 'png' ? 'image/png' : 'image/jpeg',
          },
        ]
      : [];
  const written = [...resultKeys, ...(upload && sourceKey ? [sourceKey] : [])];
  // Working areas §9: generating from a crop asks for the size its ratio gives.
  const fromCrop = sourceRow?.model === 'manual-crop';
  const size = fromCrop ? cropGenerationSize(sourceRow.width / sourceRow.height) : undefined;
  const payload = editPayload(
    fields,
    { sourceKey, referenceKey, maskKey, resultKeys },
    aspectRatio,
    size,
  );
  return runPaidJob<EditJobPayload, EditJobResult, ImageRow[], EditImageResponse>(
    app,
    payment?.payer ?? payWithCredits(app, accountId),
    {
      jobId,
      kind: EDIT_JOB,
      credits: cost,
      reason: 'generation',
      label: editLabel(fields) ?? undefined,
      writes: written,
      scratch: [
        ...(maskKey ? [maskKey] : []),
        ...(referenceUpload && referenceKey ? [referenceKey] : []),
      ],
      prepare: async () => {
        if (stored && sourceKey) {
          const type = stored.format === 'png' ? 'image/png' : 'image/jpeg';
          await app.storage.put(sourceKey, stored.data, type);
          if (stored.working) {
            await app.storage.put(workingKeyOf(sourceKey), stored.working, 'image/jpeg');
          }
        }
        if (referenceUpload && referenceKey) {
          await app.storage.put(referenceKey, referenceUpload.data, 'image/jpeg');
        }
        if (maskData && maskKey) {
          await app.storage.put(maskKey, maskData, 'application/octet-stream');
        }
      },
      payload,
      timedOut: editTimedOut,
      failed: () => new AppError(500, 'generation_failed', GENERATION_FAILED, 'Generation Failed'),
      record: async (tx, outcome) => {
        const rootId = sourceRow ? (sourceRow.rootId ?? sourceRow.id) : sourceId;
        // Kept with every result, so any device shows what the edit did (decision 024).
        const report = outcome.clauses?.length
          ? { clauses: outcome.clauses, creditsUsed: outcome.results.length * price }
          : null;
        const resultValues: NewImage[] = outcome.results.map((result, i) => ({
          accountId,
          storageKey: result.key,
          kind: 'generated',
          model: editModel(outcome.provider, fields, sourceKey),
          prompt: editPrompt(fields),
          filename: `${fields.preset ?? 'edit'}-${i + 1}`,
          parentId: sourceId ?? null,
          rootId: rootId ?? null,
          width: result.width,
          height: result.height,
          aspectRatio: nearestAspectRatio(result.width, result.height),
          bytes: result.bytes,
          contentType: 'image/jpeg',
          projectId: fields.projectId ?? sourceRow?.projectId ?? null,
          sessionId: fields.sessionId ?? null,
          report,
        }));
        // Charged for the results actually stored; the rest of the reservation goes back with them.
        const inserted = await insertImages(tx, [...sourceValues, ...resultValues]);
        const stored = inserted.slice(sourceValues.length);
        const resultImageIds = stored.map((r) => r.id);
        return { rows: inserted, used: stored.length * price, resultImageIds };
      },
      answer: async ({ outcome, rows, used }) => {
        const results = rows.slice(sourceValues.length);
        await publishImagesUpdated(
          app,
          accountId,
          'generated',
          rows.map((r) => r.id),
        );
        const root =
          sourceRow?.rootId && sourceRow.rootId !== sourceRow.id
            ? await findImage(db, accountId, sourceRow.rootId)
            : undefined;
        const known: ImageRow[] = [
          ...rows,
          ...(sourceRow ? [sourceRow] : []),
          ...(root ? [root] : []),
        ];
        const images = results.map((r) => toEditedImageRecord(r, known));
        const remaining = (await balanceOf(db, accountId)) ?? 0;
        return editedAnswer(jobId, sourceKey, images, outcome, { used, remaining });
      },
    },
  );
}
