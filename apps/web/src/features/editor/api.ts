import type {
  AspectRatio,
  CapabilitiesResponse,
  EditSelection,
  EditedImageRecord,
  EditImageResponse,
  GetAnalysisResponse,
  ImageAnalysis,
} from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { GUEST_IMAGES_KEY, readGuestRecords } from '@/features/guest/guest-records';
import { activeProjectId } from '@/lib/active-project';
import { apiRequest, postJson } from '@/lib/api';
import { EDITED_IMAGES_KEY } from '@/lib/images/images-api';
import { useIsGuest } from '@/providers/editor-mode';

import { CAPABILITIES_KEY } from '@/lib/query-keys';

export { CAPABILITIES_KEY };
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

/** Analysis texts and chips come back in the language of the screen (en, de or fr). */
export const analyzeImage = (imageUrl: string, language: string) =>
  postJson<ImageAnalysis>('/api/analyze-image', { imageUrl, language });

export const enhancePrompt = (prompt: string) =>
  postJson<{ enhancedPrompt: string }>('/api/enhance-prompt', { prompt });
