import { z } from 'zod';
import { EditImageResponse, NO_IMAGE } from './generation.ts';

/** A box as percentages of the image (the spec's furniture segment boundingBox). */
export const PercentBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type PercentBox = z.infer<typeof PercentBox>;

/**
 * POST /api/remove-object (not in the spec; docs/decisions/016): take out the object under a
 * click on one of the account's stored images. x and y are percentages of the image.
 */
export const RemoveObjectRequest = z.object({
  imageUrl: z.string().trim().min(1, NO_IMAGE).max(2048),
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  projectId: z.string().uuid().optional(),
});
export type RemoveObjectRequest = z.infer<typeof RemoveObjectRequest>;

/** The edit's answer (same fields as /api/edit-image) and what was removed. */
export const RemoveObjectResponse = EditImageResponse.extend({
  removed: z.object({ label: z.string(), score: z.number(), box: PercentBox }),
});
export type RemoveObjectResponse = z.infer<typeof RemoveObjectResponse>;

export const REMOVE_OBJECT_CREDITS = 1;
export const NOTHING_AT_POINT = 'No object was found where you clicked. Try clicking its middle.';
