import { z } from 'zod';
import { Email } from './auth.ts';

export const GalleryImageType = z.enum(['uploaded', 'generated']);
export type GalleryImageType = z.infer<typeof GalleryImageType>;

/**
 * One image of the gallery screen. The spec's server item is id, filename, url and prompt
 * (foundations §3); the rest is what the tabs, favourites and masonry layout need.
 */
export const GalleryItem = z.object({
  id: z.string(),
  filename: z.string(),
  url: z.string(),
  prompt: z.string().optional(),
  createdAt: z.string(),
  type: GalleryImageType,
  favorite: z.boolean(),
  /** Shown in the landing page's public gallery: only by the owner's explicit choice. */
  published: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  aspectRatio: z.string().nullable(),
});
export type GalleryItem = z.infer<typeof GalleryItem>;

/**
 * GET /api/gallery: a plain list, as the spec's clients read it. Visitors get the images their
 * owners published (without `favorite` and `published`: the owner's own marks); signed-in people
 * their newest 100.
 */
export const GalleryResponse = z.array(
  GalleryItem.extend({ favorite: z.boolean().optional(), published: z.boolean().optional() }),
);
export type GalleryResponse = z.infer<typeof GalleryResponse>;

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const GALLERY_PAGE_DEFAULT = 50;
export const GALLERY_PAGE_MAX = 200;

/** GET /api/gallery/page: keyset pages in gallery order (newest or dragged-up first). */
export const GalleryQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${GALLERY_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${GALLERY_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${GALLERY_PAGE_MAX}`)
    .max(GALLERY_PAGE_MAX, `limit must be a whole number from 1 to ${GALLERY_PAGE_MAX}`)
    .default(GALLERY_PAGE_DEFAULT),
  type: z.enum(['all', 'uploaded', 'generated']).default('all'),
  favorites: flag.optional(),
});
export type GalleryQuery = z.input<typeof GalleryQuery>;

export const GalleryPage = z.object({
  items: z.array(GalleryItem),
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof GalleryPage>;

/** A favourite, and/or shown in the landing's public gallery (the owner's separate choice). */
export const UpdateGalleryImageRequest = z
  .object({ favorite: z.boolean().optional(), published: z.boolean().optional() })
  .refine((body) => body.favorite !== undefined || body.published !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateGalleryImageRequest = z.infer<typeof UpdateGalleryImageRequest>;

/**
 * A drag: `id` now sits between `beforeId` (shown just before it) and `afterId` (shown just
 * after). Give one or both; the server fills in the other side from its own order.
 */
export const ReorderGalleryRequest = z
  .object({
    id: z.uuid({ message: 'Not a valid image id' }),
    beforeId: z.uuid({ message: 'Not a valid image id' }).nullish(),
    afterId: z.uuid({ message: 'Not a valid image id' }).nullish(),
  })
  .refine((b) => b.beforeId || b.afterId, {
    message: 'Say where the image goes: beforeId or afterId',
  })
  .refine((b) => b.beforeId !== b.id && b.afterId !== b.id, {
    message: 'An image cannot be its own neighbour',
  });
export type ReorderGalleryRequest = z.infer<typeof ReorderGalleryRequest>;

export const ReorderGalleryResponse = z.object({
  id: z.string(),
  position: z.number(),
  /** True when the account's order had to be renumbered to make room. */
  renumbered: z.boolean(),
});
export type ReorderGalleryResponse = z.infer<typeof ReorderGalleryResponse>;

export const DeleteGalleryImagesRequest = z.object({
  ids: z
    .array(z.uuid({ message: 'Not a valid image id' }))
    .min(1, 'Select at least one image')
    .max(500, 'Delete at most 500 images at once'),
});
export type DeleteGalleryImagesRequest = z.infer<typeof DeleteGalleryImagesRequest>;

export const DeleteGalleryImagesResponse = z.object({
  message: z.string(),
  /** Images of this account that were deleted; ids that are not its own are not counted. */
  deleted: z.number().int(),
});
export type DeleteGalleryImagesResponse = z.infer<typeof DeleteGalleryImagesResponse>;

export const SHARE_DEFAULT_DAYS = 30;

export const CreateGalleryShareRequest = z.object({
  /** The images to share; without it the whole gallery as it is whenever the link is opened. */
  imageIds: z
    .array(z.uuid({ message: 'Not a valid image id' }))
    .min(1, 'Select at least one image')
    .max(500, 'Share at most 500 images in one link')
    .optional(),
  /** Days until the link stops working (1–365); null for a link that lasts until revoked. */
  expiresInDays: z
    .number({ message: 'expiresInDays must be a whole number from 1 to 365' })
    .int('expiresInDays must be a whole number from 1 to 365')
    .min(1, 'expiresInDays must be a whole number from 1 to 365')
    .max(365, 'expiresInDays must be a whole number from 1 to 365')
    .nullable()
    .default(SHARE_DEFAULT_DAYS),
  /** Also send the link to this address. */
  email: Email.optional(),
});
export type CreateGalleryShareRequest = z.input<typeof CreateGalleryShareRequest>;

export const GalleryShareStatus = z.enum(['active', 'expired', 'revoked']);

export const GalleryShare = z.object({
  id: z.string(),
  /** Null for a read-only grantee: a link would outlive their access. */
  token: z.string().nullable(),
  shareUrl: z.string().nullable(),
  /** Number of selected images; null when the whole gallery is shared. */
  imageCount: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  viewCount: z.number().int(),
  sharedWithEmail: z.string().nullable(),
  status: GalleryShareStatus,
});
export type GalleryShare = z.infer<typeof GalleryShare>;

/** A link as its writers see it: with its token and address. */
const GalleryShareLink = GalleryShare.extend({ token: z.string(), shareUrl: z.string() });

export const CreateGalleryShareResponse = GalleryShareLink.extend({
  message: z.string(),
  /** False when an address was given but the mail could not be sent (the link still works). */
  emailSent: z.boolean(),
});
export type CreateGalleryShareResponse = z.infer<typeof CreateGalleryShareResponse>;

export const RevokeGalleryShareResponse = GalleryShareLink.extend({ message: z.string() });
export type RevokeGalleryShareResponse = z.infer<typeof RevokeGalleryShareResponse>;

export const ShareTokenParams = z.object({ token: z.string().min(1).max(200) });

/** GET /api/shared/{shareToken}: later pages of a large gallery with `cursor`. */
export const SharedGalleryQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 500' })
    .int('limit must be a whole number from 1 to 500')
    .min(1, 'limit must be a whole number from 1 to 500')
    .max(500, 'limit must be a whole number from 1 to 500')
    .default(200),
});

/** A history item of a shared gallery (working areas §3); never an owner's e-mail or id. */
export const SharedGalleryItem = z.object({
  id: z.string(),
  imageUrl: z.string(),
  prompt: z.string().nullable(),
  imageType: z.enum(['upload', 'generated']),
  filename: z.string(),
  createdAt: z.string(),
});
export type SharedGalleryItem = z.infer<typeof SharedGalleryItem>;

/** Shared gallery (foundations §2.12): createdAt is when it was shared. */
export const SharedGalleryResponse = z.object({
  createdAt: z.string(),
  history: z.array(SharedGalleryItem),
  nextCursor: z.string().nullable(),
});
export type SharedGalleryResponse = z.infer<typeof SharedGalleryResponse>;

/** Open a shared gallery by entering its token (or pasting its link). */
export const AccessSharedGalleryRequest = z.object({
  token: z.string().trim().min(1, 'Please enter a share token').max(2048),
});
export type AccessSharedGalleryRequest = z.infer<typeof AccessSharedGalleryRequest>;

export const AccessSharedGalleryResponse = z.object({
  message: z.string(),
  shareUrl: z.string(),
  /** The page to open in this app: /shared/{token}. */
  path: z.string(),
});
export type AccessSharedGalleryResponse = z.infer<typeof AccessSharedGalleryResponse>;
