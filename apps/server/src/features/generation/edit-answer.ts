import type { EditedImageRecord, EditImageFields, EditImageResponse } from '@image-lab/contract';
import { urlOfKey } from '../../platform/own-url.ts';
import type { EditJobPayload, EditJobSuccess } from './edit.job.ts';

/** The edit job's payload: the request's fields and the files chosen for this run. */
export function editPayload(
  fields: EditImageFields,
  files: { sourceKey?: string; referenceKey?: string; maskKey?: string; resultKeys: string[] },
  aspectRatio: EditJobPayload['aspectRatio'],
  size?: EditJobPayload['size'],
): EditJobPayload {
  return {
    sourceKey: files.sourceKey,
    referenceKey: files.referenceKey,
    prompt: fields.prompt,
    preset: fields.preset,
    numImages: fields.numImages,
    aspectRatio,
    ...(size ? { size } : {}),
    resultKeys: files.resultKeys,
    selection: fields.selection,
    maskKey: files.maskKey,
  };
}

/** What a result is called in the gallery: the prompt, else the preset. */
export const editPrompt = (fields: EditImageFields) =>
  fields.prompt || (fields.preset ? `Preset: ${fields.preset}` : '');

/** Which provider made a result, and how: a preset, an edit of a picture, or a new one. */
export const editModel = (provider: string, fields: EditImageFields, sourceKey?: string) =>
  `${provider}:${fields.preset ?? (sourceKey ? 'edit' : 'generate')}`;

/** The spec's answer to an edit, in every shape it names (edited_images, editedImageUrl...). */
export function editedAnswer(
  jobId: string,
  sourceKey: string | undefined,
  images: EditedImageRecord[],
  outcome: EditJobSuccess,
  credits: { used: number; remaining: number },
): EditImageResponse {
  const urls = images.map((i) => i.imageUrl);
  return {
    type: 'edited',
    jobId,
    edited_images: urls,
    edited_image: urls[0]!,
    editedImageUrl: urls[0]!,
    original_image: sourceKey ? urlOfKey(sourceKey) : null,
    images,
    applied: outcome.applied,
    unsupported: outcome.unsupported,
    ...(outcome.clauses ? { clauses: outcome.clauses } : {}),
    ...(outcome.contentCredentials ? { contentCredentials: outcome.contentCredentials } : {}),
    creditsUsed: credits.used,
    creditsRemaining: credits.remaining,
  };
}
