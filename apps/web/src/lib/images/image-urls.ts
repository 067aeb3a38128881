import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';

export type DownloadFormat = 'jpg' | 'png';

/** The widths optimize-image renders; anything else snaps to one of them. */
const WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** A resized copy for display, at the smallest rendered width that covers `cssWidth` sharply. */
export function optimizedSrc(url: string, cssWidth: number, pixelRatio = 1): string {
  const needed = cssWidth * Math.min(pixelRatio, 2);
  const width = WIDTHS.find((w) => w >= needed) ?? WIDTHS[WIDTHS.length - 1];
  return `/api/optimize-image?url=${encodeURIComponent(url)}&w=${width}`;
}

export const FILE_STEM_LENGTH = 30;

/** Non-letters and non-digits of the prompt become underscores; the first 30 are kept. */
export function fileStemFromPrompt(prompt: string | null | undefined): string {
  const text = (prompt ?? '').trim();
  if (!text || text === UPLOADED_IMAGE_PROMPT) return 'image';
  return text.replace(/[^\p{L}\p{N}]/gu, '_').slice(0, FILE_STEM_LENGTH);
}

/**
 * The words a downloaded file is named by: the prompt that made the image, except for a crop,
 * which keeps its source's prompt but is not that edit ("crop of make it brighter").
 */
export function namingText(image: { prompt?: string | null; model?: string | null }) {
  if (image.model !== 'manual-crop') return image.prompt;
  const source = (image.prompt ?? '').trim();
  return source && source !== UPLOADED_IMAGE_PROMPT ? `crop of ${source}` : 'crop';
}

/** The attachment address of one of our images in the chosen format. */
export function downloadHref(url: string, format: DownloadFormat, prompt?: string | null) {
  const query = new URLSearchParams({
    url,
    filename: `${fileStemFromPrompt(prompt)}.${format}`,
    format,
  });
  return `/api/download-image?${query.toString()}`;
}
