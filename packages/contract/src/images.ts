import { z } from 'zod';
import { ASPECT_RATIOS, MAX_DOWNLOAD_ALL_IMAGES, NO_IMAGES_TO_DOWNLOAD } from './catalogue.ts';
import { EditReport } from './clause-report.ts';

export const AspectRatio = z.enum(ASPECT_RATIOS);
export type AspectRatio = z.infer<typeof AspectRatio>;

/** POST /api/save-original-image and /api/save-cropped-image. */
export const SavedImageResponse = z.object({
  id: z.string(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  aspectRatio: z.string().nullable(),
});
export type SavedImageResponse = z.infer<typeof SavedImageResponse>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GET /api/optimize-image: widths snap to 320/640/960/1280/1920. */
export const OptimizeImageQuery = z.object({
  url: z.string().min(1).max(2048),
  w: z.coerce.number().int().min(1).max(10000).optional(),
  q: z.coerce.number().int().min(1).max(100).optional(),
  blur: booleanQuery,
});
export type OptimizeImageQuery = z.infer<typeof OptimizeImageQuery>;

export const DownloadFormat = z.enum(['jpg', 'png', 'webp']);
export const DownloadImageQuery = z.object({
  url: z.string().min(1).max(2048),
  filename: z.string().max(200).optional(),
  format: DownloadFormat.default('jpg'),
});
export type DownloadImageQuery = z.infer<typeof DownloadImageQuery>;

/** One stored image as the edit history and the gallery see it (both spellings of the spec). */
export const EditedImageRecord = z.object({
  id: z.string(),
  imageUrl: z.string(),
  image_url: z.string(),
  prompt: z.string(),
  imageType: z.enum(['upload', 'generated']),
  originalImageUrl: z.string().nullable(),
  parentId: z.string().nullable(),
  parentImageUrl: z.string().nullable(),
  projectId: z.string().nullable(),
  sessionId: z.string().nullable(),
  model: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  aspectRatio: z.string().nullable(),
  createdAt: z.string(),
  created_at: z.string(),
  /** What the edit that made it did, clause by clause (results of prompts only). */
  report: EditReport.optional(),
});
export type EditedImageRecord = z.infer<typeof EditedImageRecord>;

export const CreateEditedImageRequest = z.object({
  imageUrl: z.string().min(1).max(2048),
  prompt: z.string().max(4000).optional(),
  originalImageUrl: z.string().max(2048).nullish(),
  projectId: z.uuid().nullish(),
});
export type CreateEditedImageRequest = z.infer<typeof CreateEditedImageRequest>;

export const ImageIdParams = z.object({ id: z.uuid({ message: 'Not a valid image id' }) });

/** GET /api/history (working areas §3, history item). */
export const HistoryItem = z.object({
  id: z.string(),
  imageType: z.enum(['upload', 'generated']),
  imageUrl: z.string(),
  prompt: z.string().nullable(),
  filename: z.string(),
  createdAt: z.string(),
  parentId: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const UserStats = z.object({
  creditsRemaining: z.number().int(),
  totalImages: z.number().int(),
  uploaded: z.number().int(),
  generated: z.number().int(),
  /** Billing flags (server truth; the client's userSubscribed key only caches them). */
  subscribed: z.boolean().optional(),
  plan: z.enum(['basic', 'premium']).nullable().optional(),
  premiumRooms: z.boolean().optional(),
});
export type UserStats = z.infer<typeof UserStats>;

/**
 * POST /api/download-all-images and /api/download-all-images-guest: our own stored images, each
 * named in the zip after its prompt.
 */
export const DownloadAllImagesRequest = z.object({
  images: z
    .array(
      z.object({
        url: z.string().min(1).max(2048),
        prompt: z.string().max(4000).nullish(),
      }),
    )
    .min(1, NO_IMAGES_TO_DOWNLOAD)
    .max(
      MAX_DOWNLOAD_ALL_IMAGES,
      `At most ${MAX_DOWNLOAD_ALL_IMAGES} images can be downloaded at once`,
    ),
});
export type DownloadAllImagesRequest = z.infer<typeof DownloadAllImagesRequest>;
