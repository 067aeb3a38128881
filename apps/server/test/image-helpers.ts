import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { App } from '../src/app.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The licensed photographs live once, with their licences, beside the engine's tests. */
export const photoPath = (name: string) =>
  path.resolve(here, '../../../packages/engine/test/fixtures', name);
export const photo = (name: string) => fs.readFileSync(photoPath(name));

export function form(
  fields: Record<string, string | { data: Buffer; filename: string; type?: string }>,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(name, value);
    else
      body.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  return body;
}

export async function upload(
  app: App,
  headers: Record<string, string>,
  data: Buffer,
  filename = 'photo.jpg',
  url = '/api/save-original-image',
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers,
    payload: form({ image: { data, filename, type: 'image/jpeg' }, ...extra }),
  });
}

/** A real photo shrunk for speed: tests measure effects, not megapixels. */
export async function smallPhoto(name = 'living-room.jpg', width = 480) {
  return sharp(photo(name)).resize({ width }).jpeg({ quality: 90 }).toBuffer();
}

export async function meanLuminance(data: Buffer): Promise<number> {
  const { channels } = await sharp(data).removeAlpha().stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Mean absolute difference per channel value, on both images resized to 64×64. */
export async function difference(a: Buffer, b: Buffer): Promise<number> {
  const raw = (x: Buffer) =>
    sharp(x).removeAlpha().resize(64, 64, { fit: 'fill' }).raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

/**
 * The share of pixels outside a box (percentages, grown by `margin` percent on each side) that
 * changed by more than JPEG noise: 0 when an edit stayed where it was meant to.
 */
export async function changedShareOutside(
  before: Buffer,
  after: Buffer,
  box: { x: number; y: number; width: number; height: number },
  margin: number,
): Promise<number> {
  const { data: b, info } = await sharp(before)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const a = await sharp(after).removeAlpha().resize(info.width, info.height).raw().toBuffer();
  const [left, right] = [box.x - margin, box.x + box.width + margin].map(
    (v) => (v / 100) * info.width,
  );
  const [top, bottom] = [box.y - margin, box.y + box.height + margin].map(
    (v) => (v / 100) * info.height,
  );
  let outside = 0;
  let changed = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (x >= left! && x <= right! && y >= top! && y <= bottom!) continue;
      outside++;
      const p = (y * info.width + x) * 3;
      const d =
        Math.abs(a[p]! - b[p]!) + Math.abs(a[p + 1]! - b[p + 1]!) + Math.abs(a[p + 2]! - b[p + 2]!);
      if (d > 30) changed++;
    }
  }
  return changed / outside;
}

/** A stored file as someone allowed to read it (its owner's session, or a guest's cookie). */
export async function fetchStored(
  app: App,
  url: string,
  headers: Record<string, string>,
): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  return res.rawPayload;
}

/** Every file under the app's local storage, to prove nothing was left behind. */
export function storedFiles(app: App): string[] {
  const root = path.join(app.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}
