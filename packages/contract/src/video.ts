import { z } from 'zod';
import { MAX_PROMPT_LENGTH, NO_IMAGE } from './generation.ts';

/** POST /api/generate-video (working areas §7): one of the account's own stored images. */
export const GenerateVideoRequest = z.object({
  imageUrl: z.string().trim().min(1, NO_IMAGE).max(2048),
  /** The camera move ("slow zoom out", "pan left"); empty gives a slow zoom in. */
  prompt: z.string().trim().max(MAX_PROMPT_LENGTH).default(''),
});
export type GenerateVideoRequest = z.infer<typeof GenerateVideoRequest>;

/** The spec's success, videoUrl and creditsUsed, and what the video is. */
export const GenerateVideoResponse = z.object({
  success: z.literal(true),
  videoUrl: z.string(),
  creditsUsed: z.number().int(),
  creditsRemaining: z.number().int(),
  jobId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  frames: z.number().int(),
  fps: z.number(),
  seconds: z.number(),
  motion: z.string().nullable(),
  provider: z.string(),
  applied: z.array(z.string()),
  unsupported: z.array(z.string()),
});
export type GenerateVideoResponse = z.infer<typeof GenerateVideoResponse>;
