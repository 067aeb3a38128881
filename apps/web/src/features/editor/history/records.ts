import type { EditedImageRecord, SavedImageResponse } from '@image-lab/contract';
import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';

/** An upload as the history lists it, shown before the list is fetched again. */
export function recordFromUpload(
  saved: SavedImageResponse,
  extra: { sessionId?: string | null; parent?: EditedImageRecord; model?: string } = {},
): EditedImageRecord {
  const createdAt = new Date().toISOString();
  const parent = extra.parent;
  return {
    id: saved.id,
    imageUrl: saved.imageUrl,
    image_url: saved.imageUrl,
    prompt: parent && extra.model === 'manual-crop' ? parent.prompt : UPLOADED_IMAGE_PROMPT,
    imageType: 'upload',
    originalImageUrl: parent ? (parent.originalImageUrl ?? parent.imageUrl) : null,
    parentId: parent?.id ?? null,
    parentImageUrl: parent?.imageUrl ?? null,
    projectId: null,
    sessionId: extra.sessionId ?? null,
    model: extra.model ?? 'upload',
    width: saved.width,
    height: saved.height,
    aspectRatio: saved.aspectRatio,
    createdAt,
    created_at: createdAt,
  };
}

/** New records first; a record already known is replaced by its newer copy. */
export function mergeRecords(
  existing: readonly EditedImageRecord[] | undefined,
  incoming: readonly EditedImageRecord[],
): EditedImageRecord[] {
  const ids = new Set(incoming.map((r) => r.id));
  return [...incoming, ...(existing ?? []).filter((r) => !ids.has(r.id))];
}
