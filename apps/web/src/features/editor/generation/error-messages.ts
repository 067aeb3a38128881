import type { ClauseReport } from '@image-lab/contract';

/** A text to show: a translation key, or the server's own words. */
export type Text = { key: string } | { text: string };

export interface ApiError {
  status: number | null;
  /** An edit that did nothing: per clause, why (POST /api/edit-image's 422). */
  clauses?: ClauseReport[];
  message?: string;
  code?: string;
  title?: string;
}

/** Reads an `apiRequest` error ("402: {json}") or a network failure (status null). */
export function parseApiError(error: unknown): ApiError {
  if (!(error instanceof Error)) return { status: null };
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return { status: null };
  const status = Number(match[1]);
  try {
    const body = JSON.parse(match[2]!) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
    const clauses = Array.isArray(body.clauses) ? (body.clauses as ClauseReport[]) : undefined;
    return {
      status,
      message: str(body.message),
      code: str(body.code),
      title: str(body.title),
      ...(clauses?.length ? { clauses } : {}),
    };
  } catch {
    return { status };
  }
}

export const LONG_MESSAGE = 50;
const PRESET_NEEDS_IMAGE = 'Please upload an image first before applying presets.';

export interface ErrorToast {
  title: Text;
  description: Text;
  /** A 402: set the out-of-credits flag and refetch the balance. */
  outOfCredits?: boolean;
}

const key = (k: string): Text => ({ key: `editor.errors.${k}` });

/**
 * The catalogue's toast for a failed edit or preset (working areas §8). null for a 401, which the
 * app already answers by signing out.
 */
export function generationErrorToast(error: unknown): ErrorToast | null {
  const { status, message, code, title } = parseApiError(error);
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
  if (code === 'no_image') {
    const preset = message === PRESET_NEEDS_IMAGE;
    return { title: key('noImage'), description: key(preset ? 'presetNeedsImage' : 'uploadFirst') };
  }
  if (code === 'content_moderated') {
    return { title: key('contentModerated'), description: key('contentModeratedBody') };
  }
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
  const { status, message, code, title } = parseApiError(error);
  if (status === 401) return null;
  if (code === 'file_too_large')
    return { title: key('tooLarge'), description: key('tooLargeBody') };
  if (code === 'content_moderated') {
    return { title: key('contentModerated'), description: key('contentModeratedBody') };
  }
  if (code === 'invalid_file_type') {
    return { title: key('invalidType'), description: key('invalidTypeBody') };
  }
  return {
    title: title ? { text: title } : key('uploadFailed'),
    description: message && message.length <= 120 ? { text: message } : key('uploadFailedBody'),
  };
}

/** Any other call of the editor (analysis, enhancement): the server's message or a fallback. */
export function simpleErrorToast(error: unknown, titleKey: string, fallbackKey: string) {
  const { status, message } = parseApiError(error);
  if (status === 401) return null;
  return {
    title: key(titleKey),
    description: message && message.length <= LONG_MESSAGE ? { text: message } : key(fallbackKey),
  } satisfies ErrorToast;
}
