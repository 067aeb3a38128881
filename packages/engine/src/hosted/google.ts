import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { AspectRatio } from '../aspect.ts';
import type { CallContext } from './call.ts';
import { HostedProviderError } from './errors.ts';
import type { ImageBackend } from './image-calls.ts';
import type { GoogleSettings } from './settings.ts';
import type { TextBackend } from './text-calls.ts';

/** The shapes Gemini's imageConfig accepts; ours map to the nearest. */
const GEMINI_RATIOS: Record<AspectRatio, `${number}:${number}`> = {
  '21:9': '21:9',
  '16:9': '16:9',
  '4:3': '4:3',
  '3:2': '3:2',
  '1:1': '1:1',
  '2:3': '2:3',
  '3:4': '3:4',
  '9:16': '9:16',
  '9:21': '9:16',
};

const BLOCKING_FINISH =
  /^(SAFETY|IMAGE_SAFETY|PROHIBITED_CONTENT|IMAGE_PROHIBITED_CONTENT|BLOCKLIST|SPII)$/;

/** Gemini answers a refusal with 200: a blockReason, or a candidate stopped for safety. */
export function geminiRefusal(body: string): string | undefined {
  try {
    const answer = JSON.parse(body) as {
      promptFeedback?: { blockReason?: string };
      candidates?: Array<{ finishReason?: string }>;
    };
    const blocked = answer.promptFeedback?.blockReason;
    if (blocked) return blocked;
    return answer.candidates?.map((c) => c.finishReason ?? '').find((r) => BLOCKING_FINISH.test(r));
  } catch {
    return undefined;
  }
}

/** The SDK reports a refusal only as "no image"; this names it before the SDK sees it. */
const refusalAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.ok || !String(input instanceof Request ? input.url : input).includes(':generate')) {
    return response;
  }
  const reason = geminiRefusal(await response.clone().text());
  if (reason)
    throw new HostedProviderError('content_refused', 'google', `Gemini refused: ${reason}`);
  return response;
};

/**
 * Google Gemini image models through generateContent: the prompt and our images as inlineData
 * parts, the result images as inlineData parts of the answer. Gemini has no masks and makes
 * one image per request.
 */
export function googleBackends(settings: GoogleSettings, context: CallContext) {
  const google = createGoogleGenerativeAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    fetch: refusalAwareFetch,
  });
  const route = {
    model: google.image(settings.imageModel, { maxImagesPerCall: 1 }),
    modelId: settings.imageModel,
    maxImagesPerCall: 1,
  };
  const image: ImageBackend = {
    id: 'google',
    label: `Google ${settings.imageModel}`,
    context,
    edit: route,
    generate: route,
    takesReference: true,
    withImages: (text, images) => ({ prompt: { text, images: images.map((i) => i.data) } }),
    fromText: (text, aspectRatio) => ({
      prompt: text,
      aspectRatio: GEMINI_RATIOS[aspectRatio] ?? '1:1',
    }),
  };
  const text: TextBackend = {
    id: 'google',
    context,
    model: google(settings.textModel),
    modelId: settings.textModel,
  };
  return { image, text };
}
