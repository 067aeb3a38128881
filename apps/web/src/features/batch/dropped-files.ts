import { BATCH_MAX_IMAGES } from '@image-lab/contract';

const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
]);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
const baseName = (name: string) => name.split('/').pop() ?? name;

/** What file managers put beside photos: never sent, never mentioned. */
export const isJunkFile = (name: string) => {
  const base = baseName(name).toLowerCase();
  return base.startsWith('.') || base === 'thumbs.db' || base === 'desktop.ini';
};

export const isZip = (file: Pick<File, 'name' | 'type'>) =>
  ZIP_TYPES.has(file.type) || extensionOf(file.name) === 'zip';

export const isImageFile = (file: Pick<File, 'name' | 'type'>) =>
  IMAGE_TYPES.has(file.type) || IMAGE_EXTENSIONS.has(extensionOf(file.name));

export type DroppedFiles =
  | { kind: 'zip'; zip: File }
  | { kind: 'images'; images: File[]; leftOut: string[] }
  | { kind: 'refused'; reason: 'nothing' | 'mixed' | 'severalZips' | 'tooMany'; count?: number };

/**
 * What a drop (or a file picker) holds, as a batch takes it: one zip, or image files (up to
 * 100; other files of a folder are left out and named). The server checks every byte again.
 */
export function sortDropped<F extends Pick<File, 'name' | 'type'>>(
  files: readonly F[],
): DroppedFiles & { images?: F[]; zip?: F } {
  const kept = files.filter((file) => !isJunkFile(file.name));
  const zips = kept.filter(isZip);
  const images = kept.filter((file) => !isZip(file) && isImageFile(file));
  const leftOut = kept.filter((file) => !isZip(file) && !isImageFile(file)).map((f) => f.name);
  if (zips.length > 1) return { kind: 'refused', reason: 'severalZips' };
  if (zips.length === 1 && images.length > 0) return { kind: 'refused', reason: 'mixed' };
  if (zips.length === 1) return { kind: 'zip', zip: zips[0]! as F & File };
  if (images.length === 0) return { kind: 'refused', reason: 'nothing' };
  if (images.length > BATCH_MAX_IMAGES) {
    return { kind: 'refused', reason: 'tooMany', count: images.length };
  }
  return { kind: 'images', images: images as (F & File)[], leftOut };
}

type Entry = FileSystemEntry;

function readAll(reader: FileSystemDirectoryReader): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const all: Entry[] = [];
    // A directory reader hands out its entries a hundred or so at a time.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

async function filesOf(entry: Entry, path: string, into: File[], limit: number) {
  if (into.length > limit) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    into.push(new File([file], `${path}${file.name}`, { type: file.type }));
  } else if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    for (const child of children) await filesOf(child, `${path}${entry.name}/`, into, limit);
  }
}

/**
 * Every file of a drop, folders walked into (Chromium, Firefox and Safari give folders as
 * entries). Stops a little past the limit: a drop of 5,000 photos is refused, not read.
 */
export async function filesOfDrop(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is Entry => Boolean(entry));
  if (entries.length === 0) return Array.from(data.files);
  const files: File[] = [];
  for (const entry of entries) await filesOf(entry, '', files, BATCH_MAX_IMAGES * 2);
  return files;
}
