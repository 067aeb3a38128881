import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { sniffImageType } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/multipart.ts';

/** More entries than this (folders and junk included) is not a zip of photos. */
const MAX_ENTRIES = 2000;
/** Images compress by a few percent at most; anything far beyond is a decompression bomb. */
const MAX_RATIO = 100;
const SNIFF_BYTES = 64;

export const badArchive = (message: string) =>
  new AppError(400, 'bad_archive', message, 'Invalid Zip');

const notAnImage = (name: string) =>
  new AppError(
    415,
    'not_an_image',
    `“${name}” in the zip is not an image. A zip may hold only JPEG, PNG, WebP, AVIF or HEIC images.`,
    'Invalid File Type',
    { file: name },
  );

/** What zip programs and file managers add beside the photos: left out, and said so. */
export function isJunk(name: string): boolean {
  const parts = name.split('/').filter(Boolean);
  const base = parts.at(-1)?.toLowerCase() ?? '';
  return (
    parts.some((part) => part.startsWith('.') || part === '__MACOSX') ||
    base === 'thumbs.db' ||
    base === 'desktop.ini'
  );
}

export interface ArchiveImage {
  /** The entry's name inside the zip (its folders too). */
  name: string;
  /** Inflates the entry, never past its declared size nor the upload limit. */
  read(): Promise<Buffer>;
}

export interface Archive {
  images: ArchiveImage[];
  skipped: string[];
  close(): void;
}

const open = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

/** Up to `limit` bytes of a stream; more is an error (the entry lied about its size). */
async function readUpTo(stream: Readable, limit: number, stopAfter?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (stopAfter !== undefined && length >= stopAfter) break;
      if (length > limit) throw badArchive('An entry of the zip is larger than it says.');
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, length);
}

/** Checks one entry from the central directory, before a byte of it is inflated. */
function checkEntry(entry: Entry, name: string) {
  if (entry.isEncrypted()) throw badArchive(`“${name}” in the zip is protected by a password.`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw badArchive(`“${name}” in the zip is compressed in a way Image Lab cannot read.`);
  }
  if (entry.uncompressedSize > MAX_UPLOAD_BYTES) {
    throw new AppError(
      413,
      'file_too_large',
      `“${name}” in the zip is larger than 10 MB. Please select images smaller than 10MB.`,
      'File Too Large',
      { file: name },
    );
  }
  if (entry.uncompressedSize === 0) throw notAnImage(name);
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (ratio > MAX_RATIO && entry.uncompressedSize > 1024 * 1024) {
    throw badArchive(`“${name}” is compressed far more than any image can be.`);
  }
}

/**
 * Opens a zip of images from a file on disk and checks all of it before anything is kept: the
 * number of entries, each one's declared size and compression (bombs are refused from the
 * directory), and each one's first bytes, which must be an image's. Junk (folders, dot files,
 * __MACOSX, Thumbs.db) is left out. Every problem is a 4xx naming the entry.
 */
export async function openArchive(file: string, maxImages: number, tooMany: () => AppError) {
  let zip: ZipFile;
  try {
    zip = await open(file);
  } catch {
    throw badArchive('This file is not a zip Image Lab can read.');
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw badArchive('This zip holds too many files.');
    const images: ArchiveImage[] = [];
    const skipped: string[] = [];
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (isJunk(name)) {
        skipped.push(name);
        continue;
      }
      const shown = path.posix.basename(name);
      checkEntry(entry, shown);
      if (images.length >= maxImages) throw tooMany();
      const head = await readUpTo(await zip.openReadStreamPromise(entry), SNIFF_BYTES, SNIFF_BYTES);
      if (!sniffImageType(head)) throw notAnImage(shown);
      images.push({
        name,
        read: async () => {
          try {
            return await readUpTo(await zip.openReadStreamPromise(entry), MAX_UPLOAD_BYTES);
          } catch (error) {
            if (error instanceof AppError) throw error;
            // yauzl checks every entry's size and checksum as it inflates.
            throw badArchive(`“${shown}” in the zip is damaged or larger than it says.`);
          }
        },
      });
    }
    return { images, skipped, close: () => zip.close() } satisfies Archive;
  } catch (error) {
    zip.close();
    if (error instanceof AppError) throw error;
    throw badArchive('This zip is damaged or incomplete.');
  }
}
