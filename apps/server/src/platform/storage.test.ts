import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, readAll, type Storage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-storage-'));
let s3rver: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  const port = await freePort();
  s3rver = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: tmp(),
    configureBuckets: [{ name: 'image-lab', configs: [] }],
  });
  await s3rver.run();
  s3 = new S3Storage({
    bucket: 'image-lab',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3rver.close();
});

describe.each([
  ['local', () => new LocalStorage(tmp()) as Storage],
  ['s3', () => s3 as Storage],
])('%s storage', (_kind, make) => {
  it('stores, reads back, reports and deletes an object', async () => {
    const storage = make();
    const key = `images/acc/${Date.now()}.jpg`;
    await storage.put(key, Buffer.from('hello'), 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
    const object = await storage.get(key);
    expect(object?.contentType).toBe('image/jpeg');
    expect((await readAll(object!)).toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('refuses keys that would leave the store', async () => {
    const storage = make();
    for (const key of ['../x.jpg', '/etc/passwd', 'a/../../b', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
        'Invalid storage key',
      );
    }
  });
});

describe('local storage', () => {
  it('never leaves a half-written file behind', async () => {
    const root = tmp();
    const storage = new LocalStorage(root);
    await storage.put('images/a/b.jpg', Buffer.alloc(1024, 1));
    const files = fs.readdirSync(path.join(root, 'images/a'));
    expect(files).toEqual(['b.jpg']);
  });
});
