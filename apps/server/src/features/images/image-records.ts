import {
  UPLOADED_IMAGE_PROMPT,
  type EditedImageRecord,
  type HistoryItem,
} from '@image-lab/contract';
import { urlOfKey } from '../../platform/own-url.ts';
import type { ImageRow } from './images.repository.ts';

/** Answers carry addresses, never storage keys; relatives are looked up among `known` rows. */
export function toEditedImageRecord(row: ImageRow, known: ImageRow[] = []): EditedImageRecord {
  const urlOf = (id: string | null) => {
    if (!id) return null;
    const found = known.find((k) => k.id === id);
    return found ? urlOfKey(found.storageKey) : null;
  };
  const imageUrl = urlOfKey(row.storageKey);
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    imageUrl,
    image_url: imageUrl,
    prompt: row.kind === 'uploaded' ? (row.prompt ?? UPLOADED_IMAGE_PROMPT) : (row.prompt ?? ''),
    imageType: row.kind === 'uploaded' ? 'upload' : 'generated',
    originalImageUrl: urlOf(row.rootId),
    parentId: row.parentId,
    parentImageUrl: urlOf(row.parentId),
    projectId: row.projectId,
    sessionId: row.sessionId,
    model: row.model,
    width: row.width,
    height: row.height,
    aspectRatio: row.aspectRatio,
    createdAt,
    created_at: createdAt,
    ...(row.report ? { report: row.report } : {}),
  };
}

export function toHistoryItem(row: ImageRow): HistoryItem {
  return {
    id: row.id,
    imageType: row.kind === 'uploaded' ? 'upload' : 'generated',
    imageUrl: urlOfKey(row.storageKey),
    prompt: row.prompt,
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
    parentId: row.parentId,
  };
}
