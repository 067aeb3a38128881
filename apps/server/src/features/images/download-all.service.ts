import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  NO_IMAGES_TO_DOWNLOAD,
  UPLOADED_IMAGE_PROMPT,
  type DownloadAllImagesRequest,
} from '@image-lab/contract';
import { ZipFile } from 'yazl';
import { images } from '../../db/schema/images.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { Semaphore } from '../../platform/jobs.ts';
import { storageKeyFromUrl } from '../../platform/own-url.ts';
import { assertGuestKey } from '../../platform/guest-identity.ts';

export const ZIP_FILENAME = 'image-lab-images.zip';
const FILE_STEM_LENGTH = 30;
/** Formats that are compressed already: deflating them costs CPU and saves nothing. */
const STORED_AS_IS = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif', 'mp4']);

export const noImages = () => new AppError(400, 'no_images', NO_IMAGES_TO_DOWNLOAD, 'No Images');

type Requested = DownloadAllImagesRequest['images'][number];

export interface ZipSource {
  key: string;
  prompt: string | null | undefined;
  mtime?: Date;
}

/** The share file-name rule: non-letters and non-digits become '_', the first 30 are kept. */
export function fileStem(prompt: string | null | undefined): string {
  const text = (prompt ?? '').trim();
  if (!text || text === UPLOADED_IMAGE_PROMPT) return 'image';
  return Array.from(text.replace(/[^\p{L}\p{N}]/gu, '_'))
    .slice(0, FILE_STEM_LENGTH)
    .join('');
}

/**
 * `{n}-{prompt fragment}.{ext}`; n is padded to the width of the count so file managers list the
 * images in their order, and it makes every name in the zip unique.
 */
export function entryNames(sources: readonly ZipSource[]): string[] {
  const width = String(sources.length).length;
  return sources.map((source, i) => {
    const ext = source.key.split('.').pop()?.toLowerCase() ?? 'bin';
    return `${String(i + 1).padStart(width, '0')}-${fileStem(source.prompt)}.${ext}`;
  });
}

/** Addresses to storage keys (anything not ours is a 400 before any read), duplicates dropped. */
export function keysOf(app: FastifyInstance, requested: readonly Requested[]) {
  if (requested.length === 0) throw noImages();
  const seen = new Map<string, Requested>();
  for (const item of requested) {
    const key = storageKeyFromUrl(item.url, app.config.publicUrl);
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen].map(([key, item]) => ({ key, prompt: item.prompt }));
}

/** Signed in: every image must be one of the acting account's, or nothing is sent (404). */
export async function accountSources(
  app: FastifyInstance,
  accountId: string,
  requested: readonly Requested[],
): Promise<ZipSource[]> {
  const wanted = keysOf(app, requested);
  const rows = await app.database.db
    .select({ key: images.storageKey, prompt: images.prompt, createdAt: images.createdAt })
    .from(images)
    .where(
      and(
        eq(images.accountId, accountId),
        inArray(
          images.storageKey,
          wanted.map((w) => w.key),
        ),
      ),
    );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return wanted.map(({ key, prompt }) => {
    const row = byKey.get(key);
    if (!row) throw notFound('Image not found');
    return { key, prompt: prompt ?? row.prompt, mtime: row.createdAt };
  });
}

/**
 * A guest may bundle only the files made for it (`guests/<hash of its HttpOnly cookie>/...`):
 * keys are unguessable, but a guest endpoint must still never zip up anyone else's images. The
 * rule itself lives with the guest identity, so both guest features follow the same one.
 */
export function guestSources(
  app: FastifyInstance,
  guestHash: string | undefined,
  requested: readonly Requested[],
): ZipSource[] {
  const wanted = keysOf(app, requested);
  for (const { key } of wanted) assertGuestKey(guestHash, key);
  return wanted;
}

/** Every file must still be there before the first byte goes out: a 404 beats a broken zip. */
export async function assertStored(app: FastifyInstance, sources: readonly ZipSource[]) {
  const checks = new Semaphore(8);
  const present = await Promise.all(
    sources.map((s) => checks.use(() => app.storage.exists(s.key))),
  );
  if (present.includes(false)) throw notFound('Image not found');
}

/**
 * The zip as a stream: one stored file open at a time, piped through with back-pressure, so
 * memory stays flat whatever the total size. If a file fails mid-way (gone, storage error) the
 * stream is destroyed with the error, which ends the response instead of leaving it hanging.
 */
export function zipStream(app: FastifyInstance, sources: readonly ZipSource[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  const fail = (error: Error) => {
    current?.destroy();
    if (!output.destroyed) output.destroy(error);
  };
  zip.on('error', fail);
  // The client went away: stop reading the file that was being sent.
  output.once('close', () => current?.destroy());
  const names = entryNames(sources);
  sources.forEach((source, i) => {
    const ext = source.key.split('.').pop()?.toLowerCase() ?? '';
    const options = { compress: !STORED_AS_IS.has(ext), mtime: source.mtime ?? new Date() };
    zip.addReadStreamLazy(names[i]!, options, (done) => {
      if (output.destroyed) return;
      app.storage.get(source.key).then(
        (object) => {
          if (!object) return fail(notFound('Image not found'));
          if (output.destroyed) return void object.body.destroy();
          current = object.body;
          object.body.once('error', fail);
          done(null, object.body);
        },
        (error: Error) => fail(error),
      );
    });
  });
  zip.end();
  return output;
}
