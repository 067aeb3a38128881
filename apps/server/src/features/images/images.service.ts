import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CapabilityUnavailableError,
  EngineInputError,
  HostedProviderError,
  normalizeUpload,
  type NormalizedImage,
} from '@image-lab/engine';
import { hostedRefusal } from '../../platform/hosted-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { storageKeyFromUrl } from '../../platform/own-url.ts';
import { newImageKey, readAll, renditionsPrefix } from '../../platform/storage.ts';
import {
  deleteImageRow,
  findImageByKey,
  insertImages,
  type ImageRow,
  type NewImage,
} from './images.repository.ts';
import { refuseUnsafeImage } from '../../platform/moderation.ts';
import { fileTooLarge, invalidFileType } from '../../platform/multipart.ts';

export type ImageMeta = Omit<
  NewImage,
  'id' | 'accountId' | 'storageKey' | 'bytes' | 'contentType' | 'createdAt'
>;

export interface ImageToStore {
  data: Buffer;
  format: 'jpg' | 'png';
  meta: ImageMeta;
  /** A smaller copy edits start from, when the image itself is too large (an upload). */
  working?: Buffer;
}

/** Beside the image's other renditions, so deleting the image deletes it (docs/decisions/041). */
export const workingKeyOf = (key: string) => `${renditionsPrefix(key)}working.jpg`;

/** An upload as stored: its original, and its working copy when that is smaller. */
export function uploadToStore(
  image: NormalizedImage,
  meta: Omit<ImageMeta, 'width' | 'height' | 'aspectRatio'>,
): ImageToStore {
  return {
    data: image.original.data,
    format: image.original.format,
    working: image.shrunk ? image.data : undefined,
    meta: {
      ...meta,
      width: image.original.width,
      height: image.original.height,
      aspectRatio: image.aspectRatio,
    },
  };
}

const contentTypeOf = (format: 'jpg' | 'png') => (format === 'png' ? 'image/png' : 'image/jpeg');

/**
 * Writes the files, then their rows in one statement. If the rows cannot be written the files
 * are removed again, so a failure never leaves an orphan file or a row without its file.
 */
export async function storeImages(
  app: FastifyInstance,
  accountId: string,
  items: ImageToStore[],
): Promise<ImageRow[]> {
  const keys = items.map((item) => newImageKey(accountId, item.format));
  const removeWritten = () =>
    Promise.allSettled(keys.map((key) => app.storage.delete(key))).then(() => undefined);
  try {
    await Promise.all(
      items.map(async (item, i) => {
        await app.storage.put(keys[i]!, item.data, contentTypeOf(item.format));
        if (item.working) await app.storage.put(workingKeyOf(keys[i]!), item.working, 'image/jpeg');
      }),
    );
    return await insertImages(
      app.database.db,
      items.map((item, i) => ({
        ...item.meta,
        accountId,
        storageKey: keys[i]!,
        bytes: item.data.length,
        contentType: contentTypeOf(item.format),
      })),
    );
  } catch (error) {
    await removeWritten();
    throw error;
  }
}

/** The engine's refusals become the spec's messages; anything else is a server fault. */
export function translateEngineError(error: unknown): unknown {
  if (error instanceof HostedProviderError) return hostedRefusal(error);
  if (error instanceof CapabilityUnavailableError) {
    return new AppError(501, 'capability_unavailable', error.message, 'Not Available');
  }
  if (!(error instanceof EngineInputError)) return error;
  switch (error.code) {
    case 'unsupported_type':
      return invalidFileType();
    case 'too_many_pixels':
      return new AppError(
        413,
        'too_many_pixels',
        'This image has too many pixels. Please select a smaller image.',
        'File Too Large',
      );
    case 'corrupt':
      return new AppError(
        422,
        'corrupt_image',
        'The image file is damaged or incomplete. Please select another image.',
        'Invalid File Type',
      );
    case 'invalid_mask':
      return new AppError(400, 'invalid_mask', error.message, 'Invalid Selection');
    default:
      // An edit that did nothing says per clause why, for the editor to word in its language.
      return new AppError(
        422,
        error.code,
        error.message,
        undefined,
        error.clauses ? { clauses: error.clauses } : undefined,
      );
  }
}

export async function normalizeOrRefuse(
  app: FastifyInstance,
  bytes: Buffer,
): Promise<NormalizedImage> {
  if (bytes.length === 0) throw invalidFileType();
  if (bytes.length > 10 * 1024 * 1024) throw fileTooLarge();
  let image: NormalizedImage;
  try {
    image = await normalizeUpload(bytes, { maxPixels: app.config.maxImagePixels });
  } catch (error) {
    throw translateEngineError(error);
  }
  // Every upload (editor, references, guests, analysis) passes here, before it is stored.
  await refuseUnsafeImage(app, image.data);
  return image;
}

/** A readable file name for the gallery: the upload's own name without its path or type. */
export function displayFilename(original: string | undefined, fallback: string): string {
  const base = path
    .basename(original ?? '')
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[^\p{L}\p{N} _.-]+/gu, '_')
    .slice(0, 80)
    .trim();
  return base || fallback;
}

/** An image address from a client, resolved to one of the acting account's images. */
export async function resolveOwnImage(
  app: FastifyInstance,
  accountId: string,
  url: string,
): Promise<ImageRow> {
  const key = storageKeyFromUrl(url, app.config.publicUrl);
  const row = await findImageByKey(app.database.db, accountId, key);
  if (!row) throw notFound('Image not found');
  return row;
}

export async function readImageBytes(app: FastifyInstance, storageKey: string): Promise<Buffer> {
  const object = await app.storage.get(storageKey);
  if (!object) throw notFound('Image not found');
  return readAll(object);
}

/** What the engine works on: an upload's smaller working copy where it has one, else the file. */
export async function readWorkingBytes(app: FastifyInstance, storageKey: string): Promise<Buffer> {
  const working = await app.storage.get(workingKeyOf(storageKey)).catch(() => undefined);
  return working ? readAll(working) : readImageBytes(app, storageKey);
}

export async function deleteImage(app: FastifyInstance, accountId: string, id: string) {
  const deleted = await deleteImageRow(app.database.db, accountId, id);
  if (!deleted) throw notFound('Image not found');
  await app.storage.delete(deleted.storageKey);
}
