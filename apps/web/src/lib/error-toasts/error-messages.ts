import type { ErrorCode } from '@image-lab/contract/error-codes';
import { failureOf } from '@/lib/api';

/** A text to show: a translation key, or the server's own words. */
export type Text = { key: string; values?: Record<string, number | string> } | { text: string };

export const LONG_MESSAGE = 50;

export interface ErrorToast {
  title: Text;
  description: Text;
  /** A 402: set the out-of-credits flag and refetch the balance. */
  outOfCredits?: boolean;
}

const key = (k: string): Text => ({ key: `editor.errors.${k}` });

/**
 * Refusals of the engine and of hosted models that the app words itself, in the person's
 * language (the server's message is English): `editor.errors.codes.<code>.title` and `.body`.
 */
const WORDED_CODES = new Set<ErrorCode>([
  'too_many_pixels',
  'corrupt_image',
  'invalid_mask',
  'nothing_to_do',
  'nothing_at_point',
  'missing_reference',
  'invalid_scale',
  'capability_unavailable',
  'provider_rate_limited',
  'provider_timeout',
  'provider_unavailable',
  'provider_misconfigured',
  'provider_rejected',
  'no_result',
  'read_only_access',
  'own_account_only',
  'content_not_allowed',
  // Cancelled from the queue (here or on another device): refunded, not failed.
  'cancelled',
]);

function wordedRefusal(code: ErrorCode | null): ErrorToast | undefined {
  if (!code || !WORDED_CODES.has(code)) return undefined;
  return { title: key(`codes.${code}.title`), description: key(`codes.${code}.body`) };
}

/**
 * The catalogue's toast for a failed edit or preset (working areas §8). null for a 401, which the
 * app already answers by signing out.
 */
export function generationErrorToast(error: unknown): ErrorToast | null {
  const { status, message, code, title } = failureOf(error);
  if (status === 401) return null;
  // A guest's free allowance is used up: the server's words invite them to sign up.
  if (code === 'guest_limit') {
    return { title: key('guestLimit'), description: key('guestLimitBody') };
  }
  if (status === 402) {
    return { title: key('outOfCredits'), description: key('outOfCreditsBody'), outOfCredits: true };
  }
  if (code === 'no_instructions')
    return { title: key('noInstructions'), description: key('noPrompt') };
  if (code === 'no_image') return { title: key('noImage'), description: key('uploadFirst') };
  if (code === 'preset_needs_image') {
    return { title: key('noImage'), description: key('presetNeedsImage') };
  }
  if (code === 'content_moderated') {
    return { title: key('contentModerated'), description: key('contentModeratedBody') };
  }
  const worded = wordedRefusal(code);
  if (worded) return worded;
  // The local engine names the parts of the prompt it cannot do: worth reading in full.
  if (status === 422 && message) {
    return { title: title ? { text: title } : key('imageFailed'), description: { text: message } };
  }
  const description: Text = !message
    ? key('editFailed')
    : message.length > LONG_MESSAGE
      ? key('tryAgain')
      : { text: message };
  return { title: title ? { text: title } : key('generationFailed'), description };
}

/** Upload refusals: the catalogue's texts (translated when known), else the server's words. */
export function uploadErrorToast(error: unknown): ErrorToast | null {
  const { status, message, code, title } = failureOf(error);
  if (status === 401) return null;
  if (code === 'file_too_large')
    return { title: key('tooLarge'), description: key('tooLargeBody') };
  if (code === 'content_moderated') {
    return { title: key('contentModerated'), description: key('contentModeratedBody') };
  }
  if (code === 'invalid_file_type') {
    return { title: key('invalidType'), description: key('invalidTypeBody') };
  }
  const worded = wordedRefusal(code);
  if (worded) return worded;
  return {
    title: title ? { text: title } : key('uploadFailed'),
    description: message && message.length <= 120 ? { text: message } : key('uploadFailedBody'),
  };
}

/** Any other call of the editor (analysis, enhancement): the server's message or a fallback. */
export function simpleErrorToast(error: unknown, titleKey: string, fallbackKey: string) {
  const { status, message, code } = failureOf(error);
  if (status === 401) return null;
  const worded = wordedRefusal(code);
  if (worded) return worded;
  return {
    title: key(titleKey),
    description: message && message.length <= LONG_MESSAGE ? { text: message } : key(fallbackKey),
  } satisfies ErrorToast;
}
