import { z } from 'zod';
import { MORE_ROOM_STYLE_IDS, ROOM_STATUSES, ROOM_STYLE_IDS } from './catalogue.ts';
import { PercentBox } from './object-removal.ts';

/** Room upload ids are 128 random bits (base64url): unguessable, since they open the shared page. */
export const RoomUploadId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, { message: 'Not a valid room design id' });
export const RoomUploadParams = z.object({ id: RoomUploadId });
export const UuidParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
export const SegmentParams = z.object({ segmentId: z.uuid({ message: 'Not a valid segment id' }) });
export const SharedDesignParams = z.object({ uploadId: RoomUploadId });
/** Variation ids are UUIDs; the upload's own id stands for its original photo. */
export const SegmentSourceParams = z.object({
  id: z.union([z.uuid(), RoomUploadId], { message: 'Not a valid image id' }),
});

export const RoomStatus = z.enum(ROOM_STATUSES);
export type RoomStatus = z.infer<typeof RoomStatus>;
export const RoomStyleId = z.enum([...ROOM_STYLE_IDS, ...MORE_ROOM_STYLE_IDS]);

/** What the local engine changed for one style, and what it kept as it was. */
export const RoomStyleReport = z.object({
  changed: z.array(z.enum(['walls', 'floor', 'upholstery', 'light'])),
  /** Detector labels of the pieces recoloured ('couch', 'chair', ...). */
  pieces: z.array(z.string()),
  kept: z.array(z.enum(['ceiling', 'pictures', 'windows', 'doors', 'plants'])),
  palette: z.object({ wall: z.string(), floor: z.string(), upholstery: z.string() }),
});
export type RoomStyleReport = z.infer<typeof RoomStyleReport>;

export const RoomVariation = z.object({
  id: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  style: RoomStyleId,
  createdAt: z.string(),
  /**
   * On one design's own answer: the local engine's report, or null when a hosted model
   * restaged the room. Absent in lists.
   */
  report: RoomStyleReport.nullable().optional(),
});
export type RoomVariation = z.infer<typeof RoomVariation>;

/** The spec's room upload, plus progress, sharing and what went wrong. */
export const RoomUpload = z.object({
  id: RoomUploadId,
  status: RoomStatus,
  /** 0-100 while processing. */
  progress: z.number().int(),
  createdAt: z.string(),
  originalImageUrl: z.string(),
  processedImageUrl: z.string().nullable(),
  variations: z.array(RoomVariation),
  /** Whether the design's public page answers for people without access. */
  isPublic: z.boolean(),
  /**
   * The public page while shared, for those who may change the design; null for read-only
   * grantees (a link would outlive their access) and while not shared.
   */
  shareUrl: z.string().nullable(),
  jobId: z.string().nullable(),
  error: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** On one design's own answer: each piece found, taken out or kept (and why). */
  pieces: z
    .array(
      z.object({
        label: z.string(),
        removed: z.boolean(),
        reason: z.enum(['too_large']).optional(),
      }),
    )
    .optional(),
});
export type RoomUpload = z.infer<typeof RoomUpload>;

export const RoomUploadsQuery = z.object({
  sessionId: z.string().trim().max(200).optional(),
});
export const RoomUploadsResponse = z.array(RoomUpload);

export const UploadRoomResponse = z.object({
  uploadId: RoomUploadId,
  status: RoomStatus,
  originalImageUrl: z.string(),
});
export type UploadRoomResponse = z.infer<typeof UploadRoomResponse>;

export const ProcessRoomResponse = z.object({
  uploadId: RoomUploadId,
  jobId: z.string(),
  status: RoomStatus,
});
export type ProcessRoomResponse = z.infer<typeof ProcessRoomResponse>;

export const MoreStylesResponse = z.object({
  variations: z.array(RoomVariation),
  creditsUsed: z.number().int(),
  creditsRemaining: z.number().int(),
});
export type MoreStylesResponse = z.infer<typeof MoreStylesResponse>;

export const RoomSharingRequest = z.object({ isPublic: z.boolean() });
export const RoomSharingResponse = z.object({
  isPublic: z.boolean(),
  /**
   * The page address, /shared/design/{token} on this site, while shared. The token is not the
   * design's id, and each time sharing is turned on it is a new one.
   */
  shareUrl: z.string().nullable(),
});

/**
 * GET /api/shared/design/{uploadId}: read-only, no account details. The parameter is the
 * design's share token (the spec calls it uploadId); `id` answers it back, never the design's id.
 */
export const SharedDesign = z.object({
  id: RoomUploadId,
  status: RoomStatus,
  createdAt: z.string(),
  originalImageUrl: z.string(),
  processedImageUrl: z.string().nullable(),
  variations: z.array(RoomVariation),
});
export type SharedDesign = z.infer<typeof SharedDesign>;

export const FurnitureSegment = z.object({
  id: z.uuid(),
  /** The image the boxes belong to: a variation id, or the upload id for the original. */
  imageId: z.string(),
  furnitureType: z.string(),
  boundingBox: PercentBox,
  score: z.number(),
  /** Dominant colour of the piece, as a name ('beige') and hex. */
  colour: z.string().nullable(),
  colourHex: z.string().nullable(),
});
export type FurnitureSegment = z.infer<typeof FurnitureSegment>;
export const SegmentsResponse = z.array(FurnitureSegment);

export const SearchResult = z.object({
  id: z.string(),
  productName: z.string(),
  store: z.string(),
  /** As shown, with its currency ('$899.00'). */
  price: z.string(),
  rating: z.number().nullable(),
  imageUrl: z.string(),
  productUrl: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const SearchResultsResponse = z.array(SearchResult);

export const SearchFurnitureResponse = z.object({
  segmentId: z.uuid(),
  /** Which product search answered: 'catalogue' (local file) or 'serpapi'. */
  source: z.string(),
  /** True when the results come from the shipped sample catalogue, not real shops. */
  sampleData: z.boolean(),
  results: z.array(SearchResult),
});
export type SearchFurnitureResponse = z.infer<typeof SearchFurnitureResponse>;
