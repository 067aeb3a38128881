import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { assertCleanText } from './text-hygiene.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'Please select an image smaller than 10MB.';
export const INVALID_FILE_TYPE = 'Please select a JPEG, PNG, WebP, AVIF, or HEIC image.';

export const fileTooLarge = () =>
  new AppError(413, 'file_too_large', FILE_TOO_LARGE, 'File Too Large');
export const invalidFileType = () =>
  new AppError(415, 'invalid_file_type', INVALID_FILE_TYPE, 'Invalid File Type');

export interface UploadedFile {
  data: Buffer;
  filename: string;
}

export interface MultipartForm {
  files: Map<string, UploadedFile>;
  fields: Record<string, string>;
}

/**
 * Reads a whole multipart form into memory, within the upload limits. Only the named file fields
 * are kept; a file over 10 MB stops reading at once with the spec's 'File Too Large'.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data');
  const files = new Map<string, UploadedFile>();
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: fileFields.length, fields: 20, parts: 30 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (fileFields.includes(part.fieldname) && !files.has(part.fieldname)) {
          files.set(part.fieldname, { data, filename: part.filename });
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  assertCleanText(fields, 'fields');
  return { files, fields };
}

function translateMultipartError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'too_many_parts', 'Too many files or fields in one request');
  }
  if (code === 'FST_PROTO_VIOLATION') return badRequest('Invalid form field name');
  return badRequest('The upload was incomplete or malformed. Please try again.', 'bad_upload');
}
