import { z } from 'zod';
import { ErrorResponse } from './common.ts';
import { ClauseReport } from './clause-report.ts';
import { AspectRatio, EditedImageRecord } from './images.ts';

export const MAX_PROMPT_LENGTH = 2000;
export const NO_INSTRUCTIONS = 'Enter prompt first.';
export const NO_IMAGE = 'Upload image first.';

const trueish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const percent = z.number().min(0).max(100);
const SELECTION_MESSAGE =
  'selection must be {"point":{"x","y"}}, {"box":{"x","y","width","height"}} or {"label","index"} (percentages)';

/**
 * Which part of the picture an edit may change (the editor's Select tool): the object under a
 * point, the object inside a box (or the box itself), or a detected object by label and its
 * index from the left. Positions are percentages of the width and height. A drawn mask comes as
 * the multipart file `mask` instead.
 */
export const EditSelection = z.union([
  z.object({ point: z.object({ x: percent, y: percent }).strict() }).strict(),
  z
    .object({
      box: z
        .object({ x: percent, y: percent, width: percent.gt(0), height: percent.gt(0) })
        .strict(),
    })
    .strict(),
  z
    .object({ label: z.string().min(1).max(40), index: z.number().int().min(0).max(19).optional() })
    .strict(),
]);
export type EditSelection = z.infer<typeof EditSelection>;

/** Multipart fields are text: the selection arrives as JSON in a string. */
const selectionField = z
  .union([z.string().max(2000), z.record(z.string(), z.unknown())])
  .transform((value, context) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: SELECTION_MESSAGE });
        return z.NEVER;
      }
    }
    const result = EditSelection.safeParse(parsed);
    if (!result.success) {
      context.addIssue({ code: 'custom', message: SELECTION_MESSAGE });
      return z.NEVER;
    }
    return result.data;
  });

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
  /** Only this part changes; a drawn mask comes as the multipart file `mask` instead. */
  selection: selectionField.optional(),
});
export type EditImageFields = z.infer<typeof EditImageFields>;

/** A file part of a multipart request, as OpenAPI describes an upload. */
const filePart = (description: string) => z.string().meta({ format: 'binary', description });

/**
 * The body of POST /api/edit-image: the fields as JSON, or the same fields as multipart/form-data
 * with the pictures attached as files.
 */
export const EditImageBody = EditImageFields.extend({
  image: filePart('multipart only: the picture to edit (else imageUrl)').optional(),
  reference: filePart('multipart only: a style reference (else referenceImageUrl)').optional(),
  mask: filePart("multipart only: the picture's selection, light = selected").optional(),
});

/** A 422 of POST /api/edit-image when no clause could be done: each clause's reason. */
export const EditRefusalResponse = ErrorResponse.extend({
  clauses: z.array(ClauseReport).optional(),
});
export type EditRefusalResponse = z.infer<typeof EditRefusalResponse>;

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
  /** Per clause of the prompt (local engine): what was done where, and what not and why. */
  clauses: z.array(ClauseReport).optional(),
  /**
   * A hosted provider's C2PA content credentials: 'kept' in the result's bytes (passed through
   * untouched), or 'lost' because the result had to be re-encoded. Absent when none came.
   */
  contentCredentials: z.enum(['kept', 'lost']).optional(),
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
