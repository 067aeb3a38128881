import { createOpenAI } from '@ai-sdk/openai';
import { ratioValue } from '../aspect.ts';
import type { CallContext } from './call.ts';
import type { ImageBackend } from './image-calls.ts';
import { nearestSize, transparentMaskPng } from './images.ts';
import type { OpenAISettings } from './settings.ts';
import type { TextBackend } from './text-calls.ts';

/** gpt-image's output sizes; the nearest to the image's shape is asked for. */
const SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

/**
 * OpenAI gpt-image: /images/edits (multipart, several input images and a mask whose
 * transparent pixels are edited) and /images/generations; analysis and prompts through
 * /chat/completions with a JSON schema.
 */
export function openaiBackends(settings: OpenAISettings, context: CallContext) {
  const openai = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL });
  const route = { model: openai.image(settings.imageModel), modelId: settings.imageModel };
  const image: ImageBackend = {
    id: 'openai',
    label: `OpenAI ${settings.imageModel}`,
    context,
    edit: { ...route, maxImagesPerCall: 4 },
    generate: { ...route, maxImagesPerCall: 4 },
    inpaint: { ...route, maxImagesPerCall: 1 },
    takesReference: true,
    withImages: (text, images) => ({
      prompt: { text, images: images.map((i) => i.data) },
      size: nearestSize(images[0]!.width, images[0]!.height, SIZES),
    }),
    async withMask(text, input, mask) {
      return {
        prompt: {
          text,
          images: [input.data],
          mask: await transparentMaskPng(mask, input.width, input.height),
        },
        size: nearestSize(input.width, input.height, SIZES),
      };
    },
    fromText: (text, aspectRatio) => ({
      prompt: text,
      size: nearestSize(ratioValue(aspectRatio) * 1000, 1000, SIZES),
    }),
  };
  // Chat Completions speaks json_schema on OpenAI and on every compatible server.
  const text: TextBackend = {
    id: 'openai',
    context,
    model: openai.chat(settings.textModel),
    modelId: settings.textModel,
  };
  return { image, text };
}
