import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { LocalStorage, type StoredObject } from '../src/platform/storage.ts';

export interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

/** Every entry of a zip, read by an independent unzip library (yauzl checks the CRCs). */
export function unzip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Local storage whose chosen files break part-way through, as a failing disk or bucket would, or
 * stall after their first bytes, as a hung connection to a bucket would.
 */
export class BreakingStorage extends LocalStorage {
  readonly breaking = new Set<string>();
  readonly stalling = new Set<string>();
  readonly stalled: Readable[] = [];
  override async get(key: string): Promise<StoredObject | undefined> {
    const object = await super.get(key);
    if (!object || !(this.breaking.has(key) || this.stalling.has(key))) return object;
    object.body.destroy();
    if (this.stalling.has(key)) {
      const body = new Readable({ read() {} });
      body.push(Buffer.alloc(16 * 1024, 1));
      this.stalled.push(body);
      return { ...object, body };
    }
    async function* halfThenFail() {
      yield Buffer.alloc(64 * 1024, 7);
      throw new Error('storage read failed');
    }
    return { ...object, body: Readable.from(halfThenFail()) };
  }
}
