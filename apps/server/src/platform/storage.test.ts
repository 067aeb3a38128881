import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, readAll, type Storage } from './storage.ts';
import { startS3 } from '../../test/s3-helpers.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-storage-'));
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

describe.each([
  ['local', () => new LocalStorage(tmp()) as Storage],
  ['s3', () => s3.storage as Storage],
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

  it('deletes a file with everything made from it, and folders by prefix', async () => {
    const storage = make();
    const folder = `images/${crypto.randomUUID()}/`;
    const key = `${folder}a.jpg`;
    const sibling = `${folder}a.jpg2`;
    const copies = [`renditions/${key}/w640-q80.webp`, `renditions/${key}/video-1.mp4`];
    for (const k of [key, sibling, ...copies, `renditions/${sibling}/w320-q80.avif`]) {
      await storage.put(k, Buffer.from(k), 'application/octet-stream');
    }
    expect(await storage.list(`renditions/${key}/`)).toEqual([...copies].sort());
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.list(`renditions/${key}/`)).toEqual([]);
    // A name that merely starts the same is another file, with renditions of its own.
    expect(await storage.list(folder)).toEqual([sibling]);
    expect(await storage.list(`renditions/${sibling}/`)).toHaveLength(1);
    await storage.deletePrefix(folder);
    expect(await storage.list(folder)).toEqual([]);
    await storage.deletePrefix(folder);
    await expect(storage.deletePrefix('images')).rejects.toThrow('Invalid storage key');
    await expect(storage.list('../')).rejects.toThrow('Invalid storage key');
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
