import type { FastifyInstance } from 'fastify';
import type { SavedImageResponse } from '@image-lab/contract';
import { normalizeCrop } from '@image-lab/engine';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import type { ImageRow } from './images.repository.ts';
import {
  displayFilename,
  normalizeOrRefuse,
  resolveOwnImage,
  storeImages,
  translateEngineError,
  uploadToStore,
} from './images.service.ts';
import { refuseUnsafeImage } from '../../platform/moderation.ts';
import { invalidFileType, type UploadedFile } from '../../platform/multipart.ts';
import { assertOwnProject } from '../projects/projects.service.ts';

export interface UploadContext {
  accountId: string;
  projectId: string | undefined;
  sessionId: string | null;
}

async function saveOne(
  app: FastifyInstance,
  accountId: string,
  item: Parameters<typeof storeImages>[2][number],
): Promise<SavedImageResponse> {
  const [row] = (await storeImages(app, accountId, [item])) as [ImageRow];
  await publishImagesUpdated(app, accountId, 'uploaded', [row.id]);
  return {
    id: row.id,
    imageUrl: `/uploads/${row.storageKey}`,
    width: row.width,
    height: row.height,
    aspectRatio: row.aspectRatio,
  };
}

/**
 * An upload: checked by its bytes and kept as it came (docs/decisions/041), with a smaller
 * working copy beside it when its long side exceeds the largest preset.
 */
export async function saveOriginal(app: FastifyInstance, file: UploadedFile, ctx: UploadContext) {
  await assertOwnProject(app.database.db, ctx.accountId, ctx.projectId);
  const image = await normalizeOrRefuse(app, file.data);
  return saveOne(
    app,
    ctx.accountId,
    uploadToStore(image, {
      kind: 'uploaded',
      model: 'upload',
      filename: displayFilename(file.filename, 'upload'),
      projectId: ctx.projectId,
      sessionId: ctx.sessionId,
    }),
  );
}

/** A crop made in the editor; with its source it joins the source's edit tree. */
export async function saveCrop(
  app: FastifyInstance,
  file: UploadedFile,
  ctx: UploadContext & { sourceImageUrl: string | undefined },
) {
  await assertOwnProject(app.database.db, ctx.accountId, ctx.projectId);
  const source = ctx.sourceImageUrl
    ? await resolveOwnImage(app, ctx.accountId, ctx.sourceImageUrl)
    : undefined;
  if (file.data.length === 0) throw invalidFileType();
  const crop = await normalizeCrop(file.data, { maxPixels: app.config.maxImagePixels }).catch(
    (error: unknown) => {
      throw translateEngineError(error);
    },
  );
  await refuseUnsafeImage(app, crop.data);
  return saveOne(app, ctx.accountId, {
    data: crop.data,
    format: crop.format === 'png' ? 'png' : 'jpg',
    meta: {
      kind: 'uploaded',
      model: 'manual-crop',
      prompt: source?.prompt ?? null,
      filename: displayFilename(file.filename, 'crop'),
      width: crop.width,
      height: crop.height,
      aspectRatio: crop.aspectRatio,
      parentId: source?.id ?? null,
      rootId: source ? (source.rootId ?? source.id) : null,
      projectId: ctx.projectId ?? source?.projectId ?? null,
      sessionId: ctx.sessionId,
    },
  });
}
