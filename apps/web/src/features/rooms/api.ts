import type {
  FurnitureSegment,
  MoreStylesResponse,
  ProcessRoomResponse,
  RoomUpload,
  SearchFurnitureResponse,
  UploadRoomResponse,
} from '@image-lab/contract';
import { newSessionId } from '@/lib/session-id';
import { apiRequest } from '@/lib/api';

export { ROOMS_KEY } from '@/lib/query-keys';
export const roomKey = (id: string) => ['/api/room-upload', id];
export const segmentsKey = (imageId: string) => ['/api/segments', imageId];

/** The client storage keys of the spec (§3): the design and variation being shopped. */
const SELECTED_UPLOAD = 'selectedUploadId';
const SELECTED_VARIATION = 'selectedVariationId';
const GUEST_SESSION = 'roomSessionId';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the selection lasts until the page reloads.
  }
}

export interface RoomSelection {
  uploadId: string | null;
  variationId: string | null;
}

export const readSelection = (): RoomSelection => ({
  uploadId: read(SELECTED_UPLOAD),
  variationId: read(SELECTED_VARIATION),
});

export function saveSelection(selection: RoomSelection) {
  write(SELECTED_UPLOAD, selection.uploadId);
  write(SELECTED_VARIATION, selection.variationId);
}

/** The browser's session id that a guest's room gallery is listed by (§6). */
export function roomSessionId(): string {
  const known = read(GUEST_SESSION);
  if (known) return known;
  const fresh = newSessionId();
  write(GUEST_SESSION, fresh);
  return fresh;
}

export const roomsListUrl = (signedIn: boolean) =>
  signedIn
    ? '/api/gallery/uploads'
    : `/api/gallery/uploads?sessionId=${encodeURIComponent(roomSessionId())}`;

export async function uploadRoomPhoto(file: File): Promise<UploadRoomResponse> {
  const form = new FormData();
  form.append('image', file);
  form.append('sessionId', roomSessionId());
  return (await apiRequest('POST', '/api/upload-room', form)).json();
}

export async function startRoomProcessing(uploadId: string): Promise<ProcessRoomResponse> {
  return (await apiRequest('POST', `/api/process-room/${uploadId}`)).json();
}

export async function deleteRoomDesign(uploadId: string) {
  await apiRequest('DELETE', `/api/room-upload/${uploadId}`);
}

export async function setDesignSharing(uploadId: string, isPublic: boolean) {
  const res = await apiRequest('PUT', `/api/room-upload/${uploadId}/sharing`, { isPublic });
  return (await res.json()) as { isPublic: boolean; shareUrl: string };
}

export async function requestMoreStyles(uploadId: string): Promise<MoreStylesResponse> {
  return (await apiRequest('POST', `/api/room-upload/${uploadId}/more-styles`)).json();
}

export async function segmentImage(imageId: string): Promise<FurnitureSegment[]> {
  return (await apiRequest('POST', `/api/segment-room/${imageId}`)).json();
}

export async function searchSegment(segmentId: string): Promise<SearchFurnitureResponse> {
  return (await apiRequest('POST', `/api/search-furniture/${segmentId}`)).json();
}

/** A download through the server, as a JPG named after the design. */
export const downloadUrl = (imageUrl: string, name: string) =>
  `/api/download-image?url=${encodeURIComponent(imageUrl)}&filename=${encodeURIComponent(name)}&format=jpg`;

/** The images of a design in the order the pages show them. */
export function designImages(
  design: Pick<RoomUpload, 'originalImageUrl' | 'processedImageUrl' | 'variations'>,
) {
  return [
    { key: 'original', url: design.originalImageUrl, label: 'original' as const, style: null },
    ...(design.processedImageUrl
      ? [{ key: 'removed', url: design.processedImageUrl, label: 'removed' as const, style: null }]
      : []),
    ...design.variations.map((v) => ({
      key: v.id,
      url: v.imageUrl,
      label: 'variation' as const,
      style: v.style,
      title: v.title,
      report: v.report,
    })),
  ];
}
