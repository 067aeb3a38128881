import { z } from 'zod';

/** Every error answer of the API: a message a person can read, plus validation details. */
export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** The toast title of the error catalogue ('File Too Large', 'Invalid File Type'...). */
  title: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
