import { STYLE_TRANSFER, STYLE_TRANSFER_CREDITS } from '@/lib/contract-values';
import type { ErrorToast } from '@/lib/error-toasts/error-messages.ts';

export interface PreflightInput {
  prompt: string;
  preset?: string;
  hasImage: boolean;
  /** The server can make a new image from a prompt alone. */
  canGenerateNew: boolean;
  /** The known balance, undefined while unknown. */
  credits: number | undefined;
  numImages: number;
}

export type Preflight = { ok: true; generateNew: boolean } | { ok: false; toast: ErrorToast };

const key = (k: string) => ({ key: `editor.errors.${k}` });
const refuse = (title: string, description: string, outOfCredits?: true) =>
  ({
    ok: false,
    toast: { title: key(title), description: key(description), outOfCredits },
  }) satisfies Preflight;

/** The checks of working areas §5 before a request is sent (the server repeats them). */
export function preflight(input: PreflightInput): Preflight {
  if (input.preset) {
    if (!input.hasImage) return refuse('noImage', 'presetNeedsImage');
  } else {
    if (!input.prompt.trim()) return refuse('noInstructions', 'noPrompt');
    if (!input.hasImage && !input.canGenerateNew) return refuse('noImage', 'uploadFirst');
  }
  if (input.credits !== undefined && input.credits <= 0) {
    return refuse('outOfCredits', 'outOfCreditsBody', true);
  }
  // Working areas §9: a style transfer costs 10 credits per image (decision 045).
  const styleCost = STYLE_TRANSFER_CREDITS * input.numImages;
  if (input.preset === STYLE_TRANSFER && input.credits !== undefined && input.credits < styleCost) {
    const values = { count: STYLE_TRANSFER_CREDITS };
    const description = { key: 'editor.errors.styleTransferNeedsCredits', values };
    return { ok: false, toast: { title: key('outOfCredits'), description, outOfCredits: true } };
  }
  return { ok: true, generateNew: !input.hasImage };
}
