import { z } from 'zod';
import { MAX_PROMPT_LENGTH } from './generation.ts';
import { SavedImageResponse } from './images.ts';
import { ProjectName } from './projects.ts';
import { RecipeStep } from './recipes.ts';

/** Images in one batch: what one person can check in one list, and what one zip download holds. */
export const BATCH_MAX_IMAGES = 100;
/** Image files in one request to /api/batches/uploads (a folder goes up in several). */
export const BATCH_UPLOAD_MAX_FILES = 10;
/** A zip of images sent to /api/batches/uploads. */
export const BATCH_ARCHIVE_MAX_BYTES = 256 * 1024 * 1024;
export const BATCH_ARCHIVE_MAX_MB = BATCH_ARCHIVE_MAX_BYTES / (1024 * 1024);

export const NO_BATCH_IMAGES = 'Select at least one image.';
export const TOO_MANY_BATCH_IMAGES = `A batch can hold at most ${BATCH_MAX_IMAGES} images.`;
export const BATCH_NOT_FOUND = 'Batch not found';
export const JOB_NOT_FOUND = 'Job not found';
/** A job or an image of a batch stopped by its owner. */
export const JOB_CANCELLED = 'Cancelled. Your credits were refunded.';
export const ALREADY_FINISHED = 'This has already finished.';

/** What a batch does to every image: a preset, a prompt, or a saved recipe's steps. */
export const BatchOperation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), preset: z.string().min(1).max(40) }),
  z.object({
    kind: z.literal('prompt'),
    prompt: z.string().trim().min(1, 'Enter prompt first.').max(MAX_PROMPT_LENGTH),
  }),
  z.object({ kind: z.literal('recipe'), recipeId: z.uuid({ message: 'Recipe not found' }) }),
]);
export type BatchOperation = z.infer<typeof BatchOperation>;

/** Where the results go: a new project with this name, or one of the account's projects. */
export const BatchProject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new'), name: ProjectName }),
  z.object({ kind: z.literal('existing'), id: z.uuid({ message: 'Not a valid project id' }) }),
]);
export type BatchProject = z.infer<typeof BatchProject>;

/**
 * POST /api/batches. An account names its images by id (or address); a visitor by the addresses
 * of its own uploads. Without `project`, each result goes where its source image is.
 */
export const CreateBatchRequest = z.object({
  imageIds: z
    .array(z.uuid({ message: 'Not a valid image id' }))
    .max(BATCH_MAX_IMAGES, TOO_MANY_BATCH_IMAGES)
    .optional(),
  imageUrls: z.array(z.string().min(1).max(2048)).max(BATCH_MAX_IMAGES).optional(),
  operation: BatchOperation,
  project: BatchProject.optional(),
});
export type CreateBatchRequest = z.infer<typeof CreateBatchRequest>;

export const BatchParams = z.object({ id: z.uuid({ message: BATCH_NOT_FOUND }) });
export const BatchItemParams = z.object({
  id: z.uuid({ message: BATCH_NOT_FOUND }),
  itemId: z.uuid({ message: 'Image not found' }),
});
export const JobParams = z.object({ id: z.uuid({ message: JOB_NOT_FOUND }) });

export const BatchItemStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type BatchItemStatus = z.infer<typeof BatchItemStatus>;

export const BatchItem = z.object({
  id: z.string(),
  position: z.number().int(),
  sourceImageId: z.string().nullable(),
  sourceUrl: z.string(),
  /** The source image's name in the gallery (a visitor's uploads have none). */
  name: z.string().nullable(),
  status: BatchItemStatus,
  /** 0-100 over all of the image's steps. */
  progress: z.number().int(),
  /** Steps done. */
  step: z.number().int(),
  resultImageId: z.string().nullable(),
  resultUrl: z.string().nullable(),
  /** Why it failed (the server's words) and the error code, for the screen to word. */
  message: z.string().nullable(),
  code: z.string().nullable(),
});
export type BatchItem = z.infer<typeof BatchItem>;

export const BatchCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchCounts = z.infer<typeof BatchCounts>;

export const BatchSummary = z.object({
  id: z.string(),
  /** running until every image ended; cancelled when its owner stopped the whole batch. */
  status: z.enum(['running', 'finished', 'cancelled']),
  operation: z.object({
    kind: z.enum(['preset', 'prompt', 'recipe']),
    name: z.string().nullable(),
    steps: z.array(RecipeStep),
  }),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  counts: BatchCounts,
  /** An account's credits per image (all steps), or a visitor's free results per image. */
  creditsPerImage: z.number().int(),
  /** Kept for finished images, given back for failed and cancelled ones, still held. */
  credits: z.object({ used: z.number().int(), refunded: z.number().int(), held: z.number().int() }),
  /** Jobs ahead of this batch's next image in the shared queue (null once it runs). */
  position: z.number().int().nullable(),
  /** Seconds until every image is done, from recent durations (null when nothing is left). */
  estimateSeconds: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BatchSummary = z.infer<typeof BatchSummary>;

export const Batch = BatchSummary.extend({ items: z.array(BatchItem) });
export type Batch = z.infer<typeof Batch>;

export const BatchResponse = z.object({ batch: Batch });
export type BatchResponse = z.infer<typeof BatchResponse>;

/** POST /api/batches/uploads: the images now stored, and junk entries of a zip left out. */
export const BatchUploadResponse = z.object({
  images: z.array(SavedImageResponse),
  skipped: z.array(z.string()),
});
export type BatchUploadResponse = z.infer<typeof BatchUploadResponse>;

/** One queued or running job of the acting account that is not part of a batch. */
export const QueueJob = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string().nullable(),
  status: z.enum(['queued', 'running']),
  progress: z.number().int(),
  position: z.number().int().nullable(),
  estimateSeconds: z.number().int().nullable(),
  createdAt: z.string(),
});
export type QueueJob = z.infer<typeof QueueJob>;

/** GET /api/queue: open jobs, and batches that run or ended in the last day. */
export const QueueResponse = z.object({
  jobs: z.array(QueueJob),
  batches: z.array(BatchSummary),
});
export type QueueResponse = z.infer<typeof QueueResponse>;

/** The `batch-progress` event of /api/events. */
export const BatchProgressEvent = z.object({
  batchId: z.string(),
  itemId: z.string().optional(),
  status: z.string(),
  progress: z.number().int().optional(),
});
export type BatchProgressEvent = z.infer<typeof BatchProgressEvent>;
