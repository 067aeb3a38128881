import type { EditedImageRecord } from '@image-lab/contract';
import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';

/** The contract's PROJECT_IMAGES_MAX: images named in one save. */
export const PROJECT_IMAGES_MAX = 200;

export interface SavePayload {
  imageUrls: string[];
  prompts: (string | null)[];
  originalImageUrl: string | null;
}

const oldestFirst = (a: EditedImageRecord, b: EditedImageRecord) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1;

/**
 * What Save puts in a project: the images of this editor session (its sessionId), else those in
 * the history on screen; oldest first, at most the newest 200. The original is the first upload.
 */
export function imagesToSave(
  records: readonly EditedImageRecord[],
  sessionId: string,
  history: readonly EditedImageRecord[],
): SavePayload {
  const session = records.filter((r) => r.sessionId === sessionId);
  const chosen = [...(session.length > 0 ? session : history)]
    .sort(oldestFirst)
    .slice(-PROJECT_IMAGES_MAX);
  const original =
    chosen.find((r) => r.imageType === 'upload' && !r.parentId) ??
    chosen.find((r) => r.imageType === 'upload');
  return {
    imageUrls: chosen.map((r) => r.imageUrl),
    prompts: chosen.map((r) =>
      r.imageType === 'generated' && r.prompt && r.prompt !== UPLOADED_IMAGE_PROMPT
        ? r.prompt
        : null,
    ),
    originalImageUrl: original?.imageUrl ?? null,
  };
}

/**
 * Save into an existing project adds the session's images to those it has. Null when there is
 * nothing to add, or when the project lists only its first 200 images: replacing its list would
 * then take the others out of it.
 */
export function mergeIntoProject(
  project: {
    imageUrls: string[];
    prompts: string[];
    imageCount: number;
    originalImageUrl: string | null;
  },
  payload: SavePayload,
): SavePayload | null {
  if (project.imageCount > project.imageUrls.length) return null;
  const known = new Set(project.imageUrls);
  const fresh = payload.imageUrls
    .map((url, i) => ({ url, prompt: payload.prompts[i] ?? null }))
    .filter(({ url }) => !known.has(url));
  if (fresh.length === 0) return null;
  if (project.imageUrls.length + fresh.length > PROJECT_IMAGES_MAX) return null;
  return {
    imageUrls: [...project.imageUrls, ...fresh.map((f) => f.url)],
    prompts: [...project.prompts.map((p) => p || null), ...fresh.map((f) => f.prompt)],
    originalImageUrl: project.originalImageUrl ?? payload.originalImageUrl,
  };
}
