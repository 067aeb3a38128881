import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app.ts';
import { images } from '../src/db/schema/index.ts';
import { insertImages, type ImageRow } from '../src/features/images/images.repository.ts';

let tiny: Promise<Buffer> | undefined;
/** An 8×8 JPEG: enough to be a real stored file, cheap enough for hundreds. */
export const tinyJpeg = () =>
  (tiny ??= sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer());

/**
 * Many gallery rows at once, each with a tiny file in the app's storage: far faster than
 * uploading, for tests about order and paging rather than about uploads.
 */
export async function insertGalleryImages(
  app: App,
  accountId: string,
  count: number,
  options: {
    kind?: (i: number) => 'uploaded' | 'generated';
    position?: (i: number) => number;
    projectId?: string;
  } = {},
): Promise<ImageRow[]> {
  const data = await tinyJpeg();
  const rows = Array.from({ length: count }, (_, i) => ({
    accountId,
    storageKey: `images/${accountId}/${crypto.randomUUID()}.jpg`,
    kind: options.kind?.(i) ?? 'uploaded',
    model: 'test',
    prompt: `prompt ${i}`,
    filename: `image-${i}`,
    width: 8,
    height: 8,
    aspectRatio: '1:1',
    bytes: data.length,
    contentType: 'image/jpeg',
    projectId: options.projectId ?? null,
    ...(options.position ? { position: options.position(i) } : {}),
  }));
  await Promise.all(rows.map((r) => app.storage.put(r.storageKey, data, 'image/jpeg')));
  return insertImages(app.database.db, rows);
}

export async function setPositionOf(app: App, id: string, position: number) {
  await app.database.db.update(images).set({ position }).where(eq(images.id, id));
}

export async function positionsOf(app: App, accountId: string) {
  return app.database.db
    .select({ id: images.id, position: images.position })
    .from(images)
    .where(eq(images.accountId, accountId));
}

/** Every id of the gallery in order, read page by page through the API. */
export async function allIds(app: App, headers: Record<string, string>, query = '') {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/gallery/page?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const page = res.json() as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
