import {
  BATCH_UPLOAD_MAX_FILES,
  type Batch,
  type BatchOperation,
  type BatchProject,
  type BatchResponse,
  type BatchUploadResponse,
  type MessageResponse,
  type QueueResponse,
  type SavedImageResponse,
} from '@image-lab/contract';
import { apiRequest, postJson, throwIfResNotOk } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';

export const QUEUE_KEY = ['/api/queue'];
export const batchKey = (id: string) => ['/api/batches', id];
export const RECIPES_KEY = ['/api/recipes'];

export interface StartBatch {
  /** An account names its images by id; a visitor by the addresses of its uploads. */
  imageIds?: string[];
  imageUrls?: string[];
  operation: BatchOperation;
  project?: BatchProject;
}

export async function startBatch(body: StartBatch): Promise<Batch> {
  return (await postJson<BatchResponse>('/api/batches', body)).batch;
}

export async function cancelBatch(id: string): Promise<Batch> {
  return (await postJson<BatchResponse>(`/api/batches/${id}/cancel`, {})).batch;
}

export async function cancelBatchItem(id: string, itemId: string): Promise<Batch> {
  return (await postJson<BatchResponse>(`/api/batches/${id}/items/${itemId}/cancel`, {})).batch;
}

export const cancelJob = (id: string) => postJson<MessageResponse>(`/api/jobs/${id}/cancel`, {});

export type QueueData = QueueResponse;

/** Saves the results of a batch's finished images as one zip. */
export async function downloadBatch(id: string) {
  const res = await fetch(`/api/batches/${id}/download`, { credentials: 'include' });
  await throwIfResNotOk(res);
  saveBlob(await res.blob(), 'image-lab-batch.zip');
}

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends dropped files: a zip as it is, image files ten at a time (a folder of a hundred goes up
 * in ten requests, each checked whole by the server). Returns every image stored, in order.
 */
export async function uploadForBatch(
  files: { zip?: File; images: File[] },
  projectId: string | null,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ images: SavedImageResponse[]; skipped: string[] }> {
  const form = () => {
    const body = new FormData();
    if (projectId) body.append('projectId', projectId);
    return body;
  };
  if (files.zip) {
    onProgress({ sent: 0, total: 1 });
    const body = form();
    body.append('archive', files.zip, files.zip.name);
    const answer = (await (
      await apiRequest('POST', '/api/batches/uploads', body)
    ).json()) as BatchUploadResponse;
    onProgress({ sent: 1, total: 1 });
    return answer;
  }
  const images: SavedImageResponse[] = [];
  const total = files.images.length;
  for (let at = 0; at < total; at += BATCH_UPLOAD_MAX_FILES) {
    onProgress({ sent: at, total });
    const body = form();
    for (const file of files.images.slice(at, at + BATCH_UPLOAD_MAX_FILES)) {
      body.append('images', file, file.name);
    }
    const answer = (await (
      await apiRequest('POST', '/api/batches/uploads', body)
    ).json()) as BatchUploadResponse;
    images.push(...answer.images);
  }
  onProgress({ sent: total, total });
  return { images, skipped: [] };
}
