import { createFal } from '@ai-sdk/fal';
import { createReplicate } from '@ai-sdk/replicate';
import type { CallContext } from './call.ts';
import type { ImageBackend } from './image-calls.ts';
import { whiteMaskPng } from './images.ts';
import type { FalSettings, ReplicateSettings } from './settings.ts';

const dataUri = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * FLUX Kontext on fal's synchronous API (POST https://fal.run/<model>, JSON with the image as a
 * data URI, answer with image addresses on fal's CDN); FLUX Fill for masks. Kontext takes one
 * input image, so a style reference does not reach it.
 */
export function falBackend(settings: FalSettings, context: CallContext): ImageBackend {
  const fal = createFal({ apiKey: settings.apiKey, baseURL: settings.baseURL });
  const route = (modelId: string) => ({ model: fal.image(modelId), modelId, maxImagesPerCall: 1 });
  return {
    id: 'fal',
    label: `fal ${settings.editModel}`,
    context,
    edit: route(settings.editModel),
    generate: route(settings.generateModel),
    inpaint: route(settings.inpaintModel),
    takesReference: false,
    withImages: (text, images) => ({
      prompt: { text, images: [images[0]!.data] },
      providerOptions: { fal: { outputFormat: 'jpeg', enableSafetyChecker: true } },
    }),
    async withMask(text, input, mask) {
      return {
        prompt: {
          text,
          images: [input.data],
          mask: await whiteMaskPng(mask, input.width, input.height),
        },
        providerOptions: { fal: { outputFormat: 'jpeg', enableSafetyChecker: true } },
      };
    },
    fromText: (text, aspectRatio) => ({
      prompt: text,
      // Kontext's text-to-image takes a ratio name; other FLUX models take image_size.
      providerOptions: { fal: { aspect_ratio: aspectRatio, outputFormat: 'jpeg' } },
    }),
  };
}

/**
 * FLUX Kontext on Replicate's predictions API (POST /v1/models/<owner>/<name>/predictions with
 * `Prefer: wait`, the image as a data URI in `input_image`, the output as an address); FLUX
 * Fill Pro for masks (`image` and `mask`).
 */
export function replicateBackend(settings: ReplicateSettings, context: CallContext): ImageBackend {
  const replicate = createReplicate({ apiToken: settings.apiToken, baseURL: settings.baseURL });
  const route = (modelId: string) => ({
    model: replicate.image(modelId),
    modelId,
    maxImagesPerCall: 1,
  });
  return {
    id: 'replicate',
    label: `Replicate ${settings.editModel}`,
    context,
    edit: route(settings.editModel),
    generate: route(settings.generateModel),
    inpaint: route(settings.inpaintModel),
    takesReference: false,
    // Kontext names its input `input_image`; the SDK's generic `image` would be ignored.
    withImages: (text, images) => ({
      prompt: text,
      providerOptions: {
        replicate: {
          input_image: dataUri(images[0]!.data),
          aspect_ratio: 'match_input_image',
          output_format: 'jpg',
        },
      },
    }),
    async withMask(text, input, mask) {
      return {
        prompt: {
          text,
          images: [input.data],
          mask: await whiteMaskPng(mask, input.width, input.height),
        },
        providerOptions: { replicate: { output_format: 'jpg' } },
      };
    },
    fromText: (text, aspectRatio) => ({
      prompt: text,
      aspectRatio: aspectRatio as `${number}:${number}`,
      providerOptions: { replicate: { output_format: 'jpg' } },
    }),
  };
}
