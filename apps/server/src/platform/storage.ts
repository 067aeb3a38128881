import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from './errors.ts';

/**
 * Where images live. Keys look like `images/<account>/<id>.jpg`; never a user-chosen path. What
 * is made from a file (resized copies, videos) lives under `renditions/<its key>/`, so deleting
 * the file deletes them with it, whichever process made them (docs/decisions/020).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A stream of the object (or of `range` of it), or undefined when it does not exist.
   * A range that starts past the end comes back with `unsatisfiable` and an empty body.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Removes the file and everything made from it (`renditions/<key>/...`). */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix` (which must end with '/'), for maintenance and tests. */
  list(prefix: string): Promise<string[]>;
  exists(key: string): Promise<boolean>;
}

/** The folder of the files made from `key`. */
export const renditionsPrefix = (key: string) => `renditions/${key}/`;

/** A prefix is a folder: a valid key followed by '/', so it can never match a sibling's name. */
export function assertValidPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new AppError(400, 'invalid_key', 'Invalid storage key');
  assertValidKey(prefix.slice(0, -1));
  return prefix;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size, also when only a range is streamed. */
  size: number;
  contentType: string;
  /** The bytes streamed when a range was asked for (inclusive), clamped to the size. */
  range?: { start: number; end: number };
  unsatisfiable?: boolean;
}

/** `bytes=start-end`, `bytes=start-` (end undefined) or `bytes=-suffix` (start undefined). */
export interface ByteRange {
  start?: number;
  end?: number;
}

/** The inclusive bytes a range selects from an object of `size`, or undefined if none. */
export function resolveRange(range: ByteRange, size: number) {
  if (range.start === undefined) {
    const suffix = Math.min(range.end ?? 0, size);
    return suffix > 0 ? { start: size - suffix, end: size - 1 } : undefined;
  }
  if (range.start >= size) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** A key must be a plain relative path: no '..', no absolute path, no odd characters. */
export function assertValidKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) {
    throw new AppError(400, 'invalid_key', 'Invalid storage key');
  }
  return key;
}

export function newImageKey(accountId: string, extension: 'jpg' | 'png' | 'webp' | 'mp4'): string {
  return `images/${accountId}/${crypto.randomUUID()}.${extension}`;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  json: 'application/json',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** The embedded default: files under DATA_DIR/uploads, written atomically. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, assertValidKey(key));
    if (!full.startsWith(this.root + path.sep)) {
      throw new AppError(400, 'invalid_key', 'Invalid storage key');
    }
    return full;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(temp, body);
    await fs.promises.rename(temp, target);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return undefined;
      const contentType = contentTypeOf(key);
      if (!range) return { body: fs.createReadStream(file), size: stat.size, contentType };
      const bytes = resolveRange(range, stat.size);
      if (!bytes) {
        return { body: Readable.from([]), size: stat.size, contentType, unsatisfiable: true };
      }
      return { body: fs.createReadStream(file, bytes), size: stat.size, contentType, range: bytes };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
    await this.deletePrefix(renditionsPrefix(key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = this.pathOf(assertValidPrefix(prefix).slice(0, -1));
    await fs.promises.rm(folder, { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const folder = this.pathOf(assertValidPrefix(prefix).slice(0, -1));
    const entries = await fs.promises
      .readdir(folder, { recursive: true, withFileTypes: true })
      .catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises
      .stat(this.pathOf(key))
      .then((s) => s.isFile())
      .catch(() => false);
  }
}

export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
