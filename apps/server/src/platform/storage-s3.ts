import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Semaphore } from './jobs.ts';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  renditionsPrefix,
  resolveRange,
  type ByteRange,
  type Storage,
  type StoredObject,
} from './storage.ts';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Any S3-compatible store (AWS, MinIO, R2...). Objects are written without an ACL, so they are
 * as private as the bucket (which must not be public); browsers get them only through the
 * server, which checks who is asking (docs/decisions/020). No presigned addresses are made.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: assertValidKey(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    try {
      const Key = assertValidKey(key);
      // A range is resolved against the size first, so the answer can say what was sent.
      let bytes: { start: number; end: number } | undefined;
      let size: number | undefined;
      if (range) {
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.options.bucket, Key }),
        );
        size = head.ContentLength ?? 0;
        bytes = resolveRange(range, size);
        if (!bytes) {
          const contentType = head.ContentType ?? contentTypeOf(key);
          return { body: Readable.from([]), size, contentType, unsatisfiable: true };
        }
      }
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key,
          Range: bytes ? `bytes=${bytes.start}-${bytes.end}` : undefined,
        }),
      );
      if (!out.Body) return undefined;
      return {
        body: out.Body as Readable,
        size: size ?? out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeOf(key),
        range: bytes,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: assertValidKey(key) }),
    );
    await this.deletePrefix(renditionsPrefix(key));
  }

  /**
   * One DeleteObject per key, 16 at a time: every S3-compatible store has it, while the batch
   * call's checksum headers are not understood everywhere. Renditions of a file are a handful.
   */
  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    const slots = new Semaphore(16);
    await Promise.all(
      keys.map((Key) =>
        slots.use(() =>
          this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key })),
        ),
      ),
    );
  }

  async list(prefix: string): Promise<string[]> {
    const Prefix = assertValidPrefix(prefix);
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix, ContinuationToken }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: assertValidKey(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
