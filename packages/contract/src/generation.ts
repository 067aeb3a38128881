import { z } from 'zod';
import { AspectRatio, EditedImageRecord } from './images.ts';

export const MAX_PROMPT_LENGTH = 2000;
export const NO_INSTRUCTIONS = 'Enter prompt first.';
export const NO_IMAGE = 'Upload image first.';

const trueish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The fields of POST /api/edit-image besides the image file (multipart text fields or JSON).
 * `preset` runs a named preset instead of interpreting the prompt.
 */
export const EditImageFields = z.object({
  prompt: z.string().trim().max(MAX_PROMPT_LENGTH).default(''),
  imageUrl: z.string().max(2048).optional(),
  referenceImageUrl: z.string().max(2048).optional(),
  generateNew: trueish.optional(),
  preset: z.string().max(40).optional(),
  sessionId: z.string().max(200).optional(),
  numImages: z.coerce
    .number({ message: 'numImages must be a whole number from 1 to 4' })
    .int('numImages must be a whole number from 1 to 4')
    .min(1, 'numImages must be a whole number from 1 to 4')
    .max(4, 'numImages must be a whole number from 1 to 4')
    .default(1),
  aspectRatio: AspectRatio.optional(),
  projectId: z.uuid({ message: 'Not a valid project id' }).optional(),
});
export type EditImageFields = z.infer<typeof EditImageFields>;

/** All the answer shapes of working areas §7, filled consistently. */
export const EditImageResponse = z.object({
  type: z.literal('edited'),
  jobId: z.string(),
  edited_images: z.array(z.string()),
  edited_image: z.string(),
  editedImageUrl: z.string(),
  original_image: z.string().nullable(),
  images: z.array(EditedImageRecord),
  applied: z.array(z.string()),
  unsupported: z.array(z.string()),
  creditsUsed: z.number().int(),
  creditsRemaining: z.number().int(),
});
export type EditImageResponse = z.infer<typeof EditImageResponse>;

export const ImageAnalysis = z.object({
  analysis: z.string().max(4000),
  suggestions: z.array(z.string().max(300)).max(20),
  category: z.string().max(40),
  categoryPrompts: z.array(z.string().max(300)).max(20),
});
export type ImageAnalysis = z.infer<typeof ImageAnalysis>;

export const GetAnalysisResponse = z.union([
  ImageAnalysis.extend({ hasAnalysis: z.literal(true) }),
  z.object({ hasAnalysis: z.literal(false) }),
]);
export type GetAnalysisResponse = z.infer<typeof GetAnalysisResponse>;

export const SaveAnalysisRequest = ImageAnalysis.extend({ imageUrl: z.string().min(1).max(2048) });
export type SaveAnalysisRequest = z.infer<typeof SaveAnalysisRequest>;

export const EnhancePromptRequest = z.object({
  prompt: z.string().trim().min(1, NO_INSTRUCTIONS).max(MAX_PROMPT_LENGTH),
});
export const EnhancePromptResponse = z.object({ enhancedPrompt: z.string() });

export const CapabilitiesResponse = z.object({
  capabilities: z.array(
    z.object({
      capability: z.string(),
      available: z.boolean(),
      provider: z.string().nullable(),
      /** The hosted model behind it (e.g. gpt-image-1), when there is a named one. */
      model: z.string().optional(),
      /** What the provider can and cannot do here, e.g. why a hosted model is needed. */
      note: z.string().optional(),
    }),
  ),
  presets: z.object({
    styles: z.array(z.string()),
    car: z.array(z.string()),
    other: z.array(z.string()),
  }),
});
export type CapabilitiesResponse = z.infer<typeof CapabilitiesResponse>;

/** GET /api/guest/allowance: free result images a visitor may still make today. */
export const GuestAllowanceResponse = z.object({
  remaining: z.number().int(),
  limit: z.number().int(),
});
export type GuestAllowanceResponse = z.infer<typeof GuestAllowanceResponse>;
