import type { CreateGalleryShareResponse } from '@image-lab/contract';
import { postJson } from '@/lib/api';

export interface ImageLink {
  /** The public page: the shared gallery of this one image (/shared/{token}). */
  url: string;
  /** The image itself through the link, for networks that pin an image (Pinterest). */
  imageUrl: string;
}

const links = new Map<string, ImageLink>();

/** A link made for this image in this visit, reused rather than made again. */
export const knownImageLink = (imageId: string) => links.get(imageId);

/**
 * A link to exactly this image (docs/decisions/010): a gallery share of one image, which expires
 * after 30 days and can be revoked. A stored image's own address holds the account id and cannot
 * be revoked, so it is never what is shared.
 */
export async function createImageLink(imageId: string): Promise<ImageLink> {
  const known = links.get(imageId);
  if (known) return known;
  const share = await postJson<CreateGalleryShareResponse>('/api/gallery/shares', {
    imageIds: [imageId],
  });
  const origin = new URL(share.shareUrl).origin;
  const link = {
    url: share.shareUrl,
    imageUrl: `${origin}/api/shared/${encodeURIComponent(share.token)}/images/${imageId}`,
  };
  links.set(imageId, link);
  return link;
}
