import type {
  AspectRatio,
  CapabilitiesResponse,
  EditSelection,
  EditedImageRecord,
  EditImageResponse,
  GetAnalysisResponse,
  ImageAnalysis,
  SavedImageResponse,
} from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { GUEST_IMAGES_KEY, readGuestRecords } from '@/features/guest/guest-records';
import { activeProjectId, noteSentToProject } from '@/features/projects/active-project';
import { apiRequest, postJson } from '@/lib/api';
import { useIsGuest } from './editor-mode';

export const EDITED_IMAGES_KEY = ['/api/edited-images'];
export const CAPABILITIES_KEY = ['/api/capabilities'];
export const savedAnalysisKey = (imageUrl: string) => [
  '/api/get-analysis',
  encodeURIComponent(imageUrl),
];

/** The edit history of the account; stale after 5 minutes, kept 10 (working areas §9). */
export function useEditedImages() {
  const guest = useIsGuest();
  return useQuery<EditedImageRecord[]>({
    queryKey: guest ? GUEST_IMAGES_KEY : EDITED_IMAGES_KEY,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    // A guest's history is kept in this browser, not on the server.
    ...(guest ? { queryFn: async () => readGuestRecords() } : {}),
  });
}

export const useCapabilities = () =>
  useQuery<CapabilitiesResponse>({ queryKey: CAPABILITIES_KEY, staleTime: 10 * 60_000 });

/** A saved analysis of the image, if one was made before. */
export function useSavedAnalysis(imageUrl: string | undefined) {
  const guest = useIsGuest();
  return useQuery<GetAnalysisResponse>({
    queryKey: savedAnalysisKey(imageUrl ?? ''),
    enabled: Boolean(imageUrl) && !guest,
    staleTime: Infinity,
  });
}

export async function uploadImage(
  path: '/api/save-original-image' | '/api/save-cropped-image',
  file: Blob,
  fields: Record<string, string | undefined>,
  filename = file instanceof File ? file.name : 'image.png',
): Promise<SavedImageResponse> {
  const form = new FormData();
  form.append('image', file, filename);
  // New images land in the active project (working areas §7: projectId on uploads and crops).
  const all = { projectId: activeProjectId(), ...fields };
  for (const [name, value] of Object.entries(all)) if (value) form.append(name, value);
  const res = await apiRequest('POST', path, form);
  const saved = (await res.json()) as SavedImageResponse;
  noteSentToProject(saved.id, all.projectId);
  return saved;
}

export interface EditRequest {
  imageUrl?: string;
  prompt: string;
  numImages: number;
  aspectRatio: AspectRatio;
  preset?: string;
  referenceImageUrl?: string;
  generateNew?: boolean;
  sessionId: string;
  projectId?: string;
  /** Only this part may change: a click, a box or a label (the Select tool). */
  selection?: EditSelection;
  /** A painted selection, sent as the multipart file `mask` at the picture's size. */
  mask?: () => Promise<Blob>;
}

/** Results land in the active project, like uploads. */
export async function requestEdit({ mask, ...body }: EditRequest) {
  const fields = { projectId: activeProjectId(), ...body };
  if (!mask) return postJson<EditImageResponse>('/api/edit-image', fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append('mask', await mask(), 'mask.png');
  const res = await apiRequest('POST', '/api/edit-image', form);
  return (await res.json()) as EditImageResponse;
}

export const analyzeImage = (imageUrl: string) =>
  postJson<ImageAnalysis>('/api/analyze-image', { imageUrl });

export const enhancePrompt = (prompt: string) =>
  postJson<{ enhancedPrompt: string }>('/api/enhance-prompt', { prompt });
