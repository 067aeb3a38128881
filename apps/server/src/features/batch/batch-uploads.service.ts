import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BATCH_ARCHIVE_MAX_BYTES,
  BATCH_ARCHIVE_MAX_MB,
  BATCH_MAX_IMAGES,
  BATCH_UPLOAD_MAX_FILES,
  type BatchUploadResponse,
  type SavedImageResponse,
} from '@image-lab/contract';
import type { NormalizedImage } from '@image-lab/engine';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { fileTooLarge, MAX_UPLOAD_BYTES } from '../../platform/multipart.ts';
import { assertCleanText } from '../../platform/text-hygiene.ts';
import { saveGuestOriginal } from '../images/guest-upload.service.ts';
import {
  deleteImage,
  displayFilename,
  normalizeOrRefuse,
  storeImages,
  uploadToStore,
} from '../images/images.service.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { openArchive, type ArchiveImage } from './batch-archive.ts';
import type { BatchOwner } from './batch-owner.ts';
import { tooManyImages } from './batch.service.ts';

interface Received {
  images: { name: string; data: Buffer }[];
  archive?: string;
  fields: Record<string, string>;
}

/** An image part, refused the moment it passes the upload limit. */
async function readImagePart(file: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_UPLOAD_BYTES) throw fileTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/** The form: up to 10 image files (`images`), or one zip (`archive`) written to a temporary file. */
async function receive(request: FastifyRequest): Promise<Received> {
  if (!request.isMultipart()) throw badRequest('Send the images as multipart/form-data');
  const received: Received = { images: [], fields: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: BATCH_ARCHIVE_MAX_BYTES,
        files: BATCH_UPLOAD_MAX_FILES,
        fields: 5,
        parts: BATCH_UPLOAD_MAX_FILES + 5,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === 'archive' && !received.archive && received.images.length === 0) {
        const file = path.join(os.tmpdir(), `image-lab-batch-${crypto.randomUUID()}.zip`);
        received.archive = file;
        await pipeline(part.file, fs.createWriteStream(file));
        if (part.file.truncated) {
          throw new AppError(
            413,
            'file_too_large',
            `A zip can be at most ${BATCH_ARCHIVE_MAX_MB} MB.`,
            'File Too Large',
          );
        }
      } else if ((part.fieldname === 'images' || part.fieldname === 'image') && !received.archive) {
        received.images.push({ name: part.filename, data: await readImagePart(part.file) });
      } else {
        throw badRequest('Send either image files or one zip, not both.', 'bad_upload');
      }
    }
  } catch (error) {
    if (received.archive) fs.rmSync(received.archive, { force: true });
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(
        413,
        'too_many_parts',
        `Send at most ${BATCH_UPLOAD_MAX_FILES} images at once, or one zip.`,
      );
    }
    throw badRequest('The upload was incomplete or malformed. Please try again.', 'bad_upload');
  }
  assertCleanText(received.fields, 'fields');
  if (!received.archive && received.images.length === 0) {
    throw badRequest('Choose images or a zip to upload', 'no_image');
  }
  return received;
}

/** A refusal of one file, named, so the person knows which one to take out. */
function naming(name: string, error: unknown): unknown {
  if (!(error instanceof AppError) || error.details?.file) return error;
  const shown = path.posix.basename(name) || name;
  return new AppError(error.status, error.code, `“${shown}”: ${error.message}`, error.title, {
    ...error.details,
    file: shown,
  });
}

async function normalized(app: FastifyInstance, name: string, data: Buffer) {
  try {
    return await normalizeOrRefuse(app, data);
  } catch (error) {
    throw naming(name, error);
  }
}

const saved = (row: {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  aspectRatio: string | null;
}): SavedImageResponse => ({
  id: row.id,
  imageUrl: `/uploads/${row.storageKey}`,
  width: row.width,
  height: row.height,
  aspectRatio: row.aspectRatio,
});

/**
 * An account's images one at a time (a zip may hold 100): each checked by its bytes and kept as
 * it came; if one is refused, the ones kept before it are deleted again, so the answer is all
 * of them or none.
 */
async function storeForAccount(
  app: FastifyInstance,
  accountId: string,
  projectId: string | undefined,
  sources: { name: string; load(): Promise<Buffer> }[],
): Promise<SavedImageResponse[]> {
  const kept: SavedImageResponse[] = [];
  try {
    for (const source of sources) {
      const image: NormalizedImage = await normalized(app, source.name, await source.load());
      const [row] = await storeImages(app, accountId, [
        uploadToStore(image, {
          kind: 'uploaded',
          model: 'upload',
          filename: displayFilename(path.posix.basename(source.name), 'upload'),
          projectId: projectId ?? null,
          sessionId: null,
        }),
      ]);
      kept.push(saved(row!));
    }
  } catch (error) {
    await Promise.allSettled(kept.map((image) => deleteImage(app, accountId, image.id)));
    throw error;
  }
  if (kept.length > 0) {
    await publishImagesUpdated(
      app,
      accountId,
      'uploaded',
      kept.map((image) => image.id),
    );
  }
  return kept;
}

/** A visitor's few images: all checked first, then kept for the day like its other uploads. */
async function storeForGuest(
  app: FastifyInstance,
  owner: Extract<BatchOwner, { kind: 'guest' }>,
  sources: { name: string; load(): Promise<Buffer> }[],
): Promise<SavedImageResponse[]> {
  const files = [];
  for (const source of sources) {
    const data = await source.load();
    await normalized(app, source.name, data);
    files.push({ data, filename: source.name });
  }
  const kept: SavedImageResponse[] = [];
  for (const file of files) kept.push(await saveGuestOriginal(app, owner.guest, file));
  return kept;
}

/**
 * POST /api/batches/uploads: the images a person dropped (a folder arrives as several requests of
 * up to 10 files) or one zip of up to 100, checked whole before any is kept. Nothing is charged
 * here; the batch that follows names these images.
 */
export async function uploadBatchImages(
  app: FastifyInstance,
  owner: BatchOwner,
  request: FastifyRequest,
): Promise<BatchUploadResponse> {
  const received = await receive(request);
  const limit = owner.kind === 'guest' ? app.config.guestFreeImages : BATCH_MAX_IMAGES;
  const tooMany = () => tooManyImages(owner.kind === 'guest' ? limit : undefined);
  try {
    const projectId = received.fields.projectId || undefined;
    if (projectId && owner.kind === 'account') {
      if (!/^[0-9a-f-]{36}$/i.test(projectId)) {
        throw badRequest('Not a valid project id', 'validation_failed');
      }
      await assertOwnProject(app.database.db, owner.accountId, projectId);
    }
    let sources: { name: string; load(): Promise<Buffer> }[];
    let skipped: string[] = [];
    let close = () => {};
    if (received.archive) {
      const archive = await openArchive(received.archive, limit, tooMany);
      close = archive.close;
      skipped = archive.skipped;
      sources = archive.images.map((image: ArchiveImage) => ({
        name: image.name,
        load: () =>
          image.read().catch((error: unknown) => Promise.reject(naming(image.name, error))),
      }));
    } else {
      if (received.images.length > limit) throw tooMany();
      sources = received.images.map((image) => ({
        name: image.name,
        load: async () => image.data,
      }));
    }
    try {
      if (sources.length === 0) throw badRequest('This zip holds no images.', 'no_images');
      const images =
        owner.kind === 'account'
          ? await storeForAccount(app, owner.accountId, projectId, sources)
          : await storeForGuest(app, owner, sources);
      return { images, skipped };
    } finally {
      close();
    }
  } finally {
    if (received.archive) fs.rmSync(received.archive, { force: true });
  }
}
