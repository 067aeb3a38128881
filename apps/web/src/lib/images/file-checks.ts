/** 10 MB, as the server enforces (working areas §5). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
]);
// Browsers often report HEIC with no type at all, so the name decides then.
const EXTENSIONS = /\.(jpe?g|png|webp|avif|heic|heif)$/i;

/** For the file picker: the same types, by type and by extension. */
export const IMAGE_ACCEPT = [...TYPES, '.jpg', '.jpeg', '.png', '.webp', '.avif', '.heic', '.heif']
  .filter((t) => t !== 'image/jpg')
  .join(',');

export type FileProblem = 'invalidType' | 'tooLarge';

/** What the browser can tell before uploading; the server still judges the bytes. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  const typeKnown = TYPES.has(file.type.toLowerCase());
  const typeMissing = file.type === '' || file.type === 'application/octet-stream';
  if (!typeKnown && !(typeMissing && EXTENSIONS.test(file.name))) return 'invalidType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** The first image among dropped or pasted files, if any. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | undefined {
  return files ? Array.from(files)[0] : undefined;
}
