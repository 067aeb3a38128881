import { fileStemFromPrompt } from '@/lib/images/image-urls';
import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';

/** Working areas §9: share title 50, share text 100, file-name prompt fragment 30. */
export const SHARE_TITLE_MAX = 50;
export const SHARE_TEXT_MAX = 100;
export const DEFAULT_SHARE_TITLE = 'AI Generated Image';

const promptOf = (prompt: string | null | undefined) => {
  const text = (prompt ?? '').trim();
  return text === UPLOADED_IMAGE_PROMPT ? '' : text;
};

/** The prompt's first sentence (up to the first dot), at most 50 characters. */
export function shareTitle(prompt: string | null | undefined, fallback = DEFAULT_SHARE_TITLE) {
  const title = (promptOf(prompt).split('.')[0] ?? '').slice(0, SHARE_TITLE_MAX).trim();
  return title || fallback;
}

/** The prompt cut at 100 characters ('' for an upload without one). */
export const shareText = (prompt: string | null | undefined) =>
  promptOf(prompt).slice(0, SHARE_TEXT_MAX);

/** Non-letters and non-digits of the prompt become underscores, the first 30 kept. */
export const shareFileName = (prompt: string | null | undefined, extension = 'png') =>
  `${fileStemFromPrompt(promptOf(prompt))}.${extension}`;

export const SHARE_TARGETS = [
  'x',
  'linkedin',
  'reddit',
  'facebook',
  'whatsapp',
  'pinterest',
  'telegram',
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export interface SharedThing {
  /** The public page to share. */
  url: string;
  title: string;
  text: string;
  /** A public address of the image itself (Pinterest pins an image). */
  imageUrl?: string;
}

const withQuery = (base: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${base}?${params.toString()}`;
};

/** The address each network's own share page takes. */
export function shareTargetUrl(target: ShareTarget, thing: SharedThing): string {
  const { url, title, text, imageUrl } = thing;
  const message = text || title;
  switch (target) {
    case 'x':
      return withQuery('https://x.com/intent/tweet', { text: message, url });
    case 'linkedin':
      return withQuery('https://www.linkedin.com/sharing/share-offsite/', { url });
    case 'reddit':
      return withQuery('https://www.reddit.com/submit', { url, title });
    case 'facebook':
      return withQuery('https://www.facebook.com/sharer/sharer.php', { u: url });
    case 'whatsapp':
      return withQuery('https://wa.me/', { text: `${message} ${url}` });
    case 'pinterest':
      return withQuery('https://www.pinterest.com/pin/create/button/', {
        url,
        media: imageUrl,
        description: message,
      });
    case 'telegram':
      return withQuery('https://t.me/share/url', { url, text: message });
  }
}
