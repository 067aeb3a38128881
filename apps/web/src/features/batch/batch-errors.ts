import type { TFunction } from 'i18next';
import type { ErrorCode } from '@image-lab/contract/error-codes';
import {
  BATCH_ARCHIVE_MAX_MB,
  BATCH_MAX_IMAGES,
  BATCH_UPLOAD_MAX_FILES,
} from '@image-lab/contract';
import { ApiError, failureOf, permissionRefusal } from '@/lib/api';

/** Refusals of a batch or its upload that the screen words itself, in the person's language. */
const WORDED = new Set<ErrorCode>([
  'no_images',
  'too_many_images',
  'too_many_parts',
  'not_an_image',
  'bad_archive',
  'file_too_large',
  'invalid_file_type',
  'corrupt_image',
  'too_many_pixels',
  'content_moderated',
  'out_of_credits',
  'guest_limit',
  'not_found',
  'unknown_preset',
  'no_reference',
  'capability_unavailable',
  'content_not_allowed',
  'rate_limited',
  'cancelled',
  'job_ended',
  'generation_failed',
]);

/** Why a batch request, an upload or one image of a batch did not go through. */
export function batchErrorText(t: TFunction, error: unknown): string {
  const permission = permissionRefusal(error);
  if (permission) return permission;
  const { code, status } = failureOf(error);
  const named = error instanceof ApiError ? error.body.file : undefined;
  const file = typeof named === 'string' ? named : undefined;
  return codeText(t, code, { file, status });
}

/** The words for one error code (an image of a batch carries its code, not an ApiError). */
export function codeText(
  t: TFunction,
  code: string | null,
  { file, status }: { file?: string; status?: number | null } = {},
): string {
  if (code && WORDED.has(code as ErrorCode)) {
    return t(`batch.errors.${code}${file ? 'InFile' : ''}`, {
      file,
      max: BATCH_MAX_IMAGES,
      files: BATCH_UPLOAD_MAX_FILES,
      mb: BATCH_ARCHIVE_MAX_MB,
      defaultValue: t(`batch.errors.${code}`, {
        max: BATCH_MAX_IMAGES,
        files: BATCH_UPLOAD_MAX_FILES,
        mb: BATCH_ARCHIVE_MAX_MB,
      }),
    });
  }
  if (status === null) return t('batch.errors.network');
  return t('batch.errors.other');
}
