import type { SavedImageResponse } from '@image-lab/contract';
import { activeProjectId, noteSentToProject } from '@/lib/active-project';
import { apiRequest } from '@/lib/api';

export { EDITED_IMAGES_KEY } from '@/lib/query-keys';

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
