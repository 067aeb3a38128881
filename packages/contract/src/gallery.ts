import { z } from 'zod';

/** One item of GET /api/gallery (foundations §3): displays use url, prompt or filename. */
export const GalleryItem = z.object({
  id: z.string(),
  filename: z.string(),
  url: z.string(),
  prompt: z.string().optional(),
  createdAt: z.string().optional(),
});
export type GalleryItem = z.infer<typeof GalleryItem>;

export const GalleryResponse = z.array(GalleryItem);
export type GalleryResponse = z.infer<typeof GalleryResponse>;
