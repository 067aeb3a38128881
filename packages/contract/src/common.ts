import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** Every error answer of the API: a message a person can read, its code, validation details. */
export const ErrorResponse = z.object({
  message: z.string(),
  /** What went wrong, for programs: one of ERROR_CODES (the message is for people). */
  code: z.enum(ERROR_CODES),
  /** The toast title of the error catalogue ('File Too Large', 'Invalid File Type'...). */
  title: z.string().optional(),
  /** The file a refusal is about, when a request carried several (a zip, a folder). */
  file: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
