import { generateImage, type ImageModel } from 'ai';
import type { AspectRatio } from '../aspect.ts';
import type { Capability, ImageResult } from '../provider.ts';
import { hostedCall, type CallContext } from './call.ts';
import { estimateImageCost } from './cost.ts';
import { HostedProviderError } from './errors.ts';
import { pasteInsideMask, toJpegResult, toProviderImage, type ProviderImage } from './images.ts';
import { hasContentCredentials } from '../metadata/result-metadata.ts';

type ProviderOptions = NonNullable<Parameters<typeof generateImage>[0]['providerOptions']>;
type Prompt = Parameters<typeof generateImage>[0]['prompt'];

export interface ImageRoute {
  model: ImageModel;
  modelId: string;
  /** Images one request may ask for; more are made by several requests. */
  maxImagesPerCall: number;
}

export interface ImageCall {
  prompt: Prompt;
  size?: `${number}x${number}`;
  aspectRatio?: `${number}:${number}`;
  providerOptions?: ProviderOptions;
}

/** How one provider's image models are asked: the parts that differ between providers. */
export interface ImageBackend {
  id: string;
  label: string;
  context: CallContext;
  edit: ImageRoute;
  generate: ImageRoute;
  inpaint?: ImageRoute;
  /** Whether a second input image (a style reference) reaches the model. */
  takesReference: boolean;
  withImages(text: string, images: ProviderImage[]): Promise<ImageCall> | ImageCall;
  withMask?(text: string, image: ProviderImage, mask: Buffer): Promise<ImageCall>;
  fromText(text: string, aspectRatio: AspectRatio): ImageCall;
}

interface RunOptions {
  capability: Capability;
  route: ImageRoute;
  call: ImageCall;
  count: number;
  inputImages: number;
  signal?: AbortSignal;
}

/** Images the provider flagged as unsafe (fal's safety checker answers black frames). */
function flaggedIndexes(metadata: Record<string, unknown>): Set<number> {
  const flagged = new Set<number>();
  for (const entry of Object.values(metadata)) {
    const images = (entry as { images?: Array<{ nsfw?: boolean }> } | undefined)?.images ?? [];
    images.forEach((image, index) => image?.nsfw === true && flagged.add(index));
  }
  return flagged;
}

export interface HostedImages {
  images: Buffer[];
  /** The provider signed an image (C2PA) that had to be re-encoded: the manifest is gone. */
  credentialsLost: boolean;
}

export async function runImageModel(
  backend: ImageBackend,
  options: RunOptions,
): Promise<HostedImages> {
  const { route, call } = options;
  const result = await hostedCall(
    backend.context,
    {
      provider: backend.id,
      model: route.modelId,
      capability: options.capability,
      inputImages: options.inputImages,
      signal: options.signal,
    },
    (signal) =>
      generateImage({
        model: route.model,
        prompt: call.prompt,
        n: options.count,
        maxImagesPerCall: route.maxImagesPerCall,
        size: call.size,
        aspectRatio: call.aspectRatio,
        providerOptions: call.providerOptions,
        // hostedCall retries, with our timeouts and Retry-After handling.
        maxRetries: 0,
        abortSignal: signal,
      }),
    (generated) => ({
      images: generated.images.length,
      estimatedCostUsd: estimateImageCost(backend.id, route.modelId, generated.images.length),
    }),
  );
  const flagged = flaggedIndexes(result.providerMetadata as Record<string, unknown>);
  const safe = result.images.filter((_, index) => !flagged.has(index));
  if (safe.length === 0) {
    throw new HostedProviderError('content_refused', backend.id, 'Every result was flagged');
  }
  const images = await Promise.all(safe.map((image) => toJpegResult(image.uint8Array, backend.id)));
  const credentialsLost = safe.some(
    (image, i) =>
      hasContentCredentials(Buffer.from(image.uint8Array)) && !hasContentCredentials(images[i]!),
  );
  return { images, credentialsLost };
}

const lostNote = (hosted: HostedImages) =>
  hosted.credentialsLost ? { credentialsLost: true as const } : {};

const clampCount = (n: number) => Math.min(4, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));

const done = (backend: ImageBackend, what: string, prompt: string) =>
  `${what} by ${backend.label} (${prompt.trim().slice(0, 120)})`;

/** Edit, generate, render and multiview over one provider's image models. */
export function imageCapabilities(backend: ImageBackend) {
  async function editLike(
    capability: Capability,
    request: {
      image: Buffer;
      prompt: string;
      numImages?: number;
      reference?: Buffer;
      signal?: AbortSignal;
    },
    what: string,
  ): Promise<ImageResult> {
    const image = await toProviderImage(request.image);
    const reference =
      request.reference && backend.takesReference
        ? await toProviderImage(request.reference)
        : undefined;
    const text = reference
      ? `${request.prompt}\nUse the second image only as the reference for colours, light and style.`
      : request.prompt;
    const hosted = await runImageModel(backend, {
      capability,
      route: backend.edit,
      call: await backend.withImages(text, reference ? [image, reference] : [image]),
      count: clampCount(request.numImages ?? 1),
      inputImages: reference ? 2 : 1,
      signal: request.signal,
    });
    const unsupported =
      request.reference && !reference ? ['The reference image (this model takes one image)'] : [];
    return {
      images: hosted.images,
      applied: [done(backend, what, request.prompt)],
      unsupported,
      ...lostNote(hosted),
    };
  }

  return {
    edit: (request: Parameters<typeof editLike>[1]) => editLike('edit', request, 'Edited'),
    render: (request: { image: Buffer; prompt: string; signal?: AbortSignal }) =>
      editLike('render', request, 'Photorealistic render'),
    multiview: (request: { image: Buffer; prompt: string; signal?: AbortSignal }) =>
      editLike('multiview', request, 'Four views'),
    restyleRoom: (request: {
      image: Buffer;
      style: string;
      prompt?: string;
      signal?: AbortSignal;
    }) =>
      editLike(
        'restyleRoom',
        { ...request, prompt: request.prompt ?? `Redesign this room in ${request.style} style` },
        'Room restyled',
      ),
    async generate(request: {
      prompt: string;
      numImages: number;
      aspectRatio: AspectRatio;
      signal?: AbortSignal;
    }): Promise<ImageResult> {
      const hosted = await runImageModel(backend, {
        capability: 'generate',
        route: backend.generate,
        call: backend.fromText(request.prompt, request.aspectRatio),
        count: clampCount(request.numImages),
        inputImages: 0,
        signal: request.signal,
      });
      return {
        images: hosted.images,
        applied: [done(backend, 'Generated', request.prompt)],
        unsupported: [],
        ...lostNote(hosted),
      };
    },
    async inpaint(request: {
      image: Buffer;
      mask: Buffer;
      prompt?: string;
      format?: 'jpeg' | 'png';
      signal?: AbortSignal;
    }): Promise<ImageResult> {
      const route = backend.inpaint;
      if (!route || !backend.withMask) throw new Error(`${backend.id} cannot inpaint`);
      const image = await toProviderImage(request.image);
      const text =
        request.prompt?.trim() ||
        'Fill the masked area with the background around it, as if nothing had ever been there.';
      const hosted = await runImageModel(backend, {
        capability: 'inpaint',
        route,
        call: await backend.withMask(text, image, request.mask),
        count: 1,
        inputImages: 1,
        signal: request.signal,
      });
      // Pasting into our image re-encodes it: a manifest the provider signed cannot survive.
      const filled = hosted.images[0]!;
      const result = await pasteInsideMask(
        request.image,
        filled,
        request.mask,
        request.format ?? 'jpeg',
      );
      return {
        images: [result],
        applied: [`Masked area filled by ${backend.label}`],
        unsupported: [],
        ...(hasContentCredentials(filled) ? { credentialsLost: true as const } : {}),
      };
    },
  };
}
