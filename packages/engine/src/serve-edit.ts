import { isPresetId, type PresetId } from '@image-lab/contract/catalogue';
import type { AspectRatio, Resolution } from './aspect.ts';
import { CapabilityUnavailableError, EngineInputError } from './errors.ts';
import { pasteInsideMask } from './hosted/images.ts';
import { selectionMaskPng, type Selection } from './masks/selection.ts';
import { textMaskPng } from './masks/text-mask-png.ts';
import { presetRoute, presetUnavailable } from './preset-routes.ts';
import type { Capability, ImageResult, Provider } from './provider.ts';
import { hasContentCredentials } from './metadata/result-metadata.ts';
import type { ProviderRegistry } from './registry.ts';
import { padImageToSquare } from './render/render-looks.ts';

/** One edit as the editor asks for it: a new picture, a preset, or an edit of a picture. */
export interface ServeEditRequest {
  /** Absent: a new picture from the prompt. */
  image?: Buffer;
  prompt: string;
  preset?: string;
  numImages: number;
  aspectRatio: AspectRatio;
  /** Generating from a crop: the size its ratio gives (cropGenerationSize, working areas §9). */
  size?: Resolution;
  reference?: Buffer;
  selection?: Selection;
  onProgress?: (fraction: number) => void;
  /** A batch's image (Progress.background). */
  background?: boolean;
}

export interface Served {
  result: ImageResult;
  /** The id of the provider that made the result. */
  provider: string;
}

const unavailable = (capability: Capability, what: string) =>
  new CapabilityUnavailableError(capability, `${what} is not available on this server`);

function providerFor<C extends Capability>(
  registry: ProviderRegistry,
  capability: C,
  what: string,
) {
  const provider = registry.for(capability);
  if (!provider?.[capability as keyof Provider]) throw unavailable(capability, what);
  return provider as Provider & Required<Pick<Provider, C & keyof Provider>>;
}

/**
 * A hosted model edits the whole picture it is sent; with a selection, its answer is pasted
 * into the original inside the selection's mask, so every pixel outside stays the original's.
 */
async function keepOutsideSelection(served: Served, source: Buffer, selection?: Selection) {
  if (!selection || served.provider === 'local') return served;
  const mask = await selectionMaskPng(source, selection);
  const { result } = served;
  const images = await Promise.all(
    result.images.map((image) => pasteInsideMask(source, image, mask, 'jpeg')),
  );
  const applied = result.applied.map((a) => `${a} (selection only)`);
  const credentialsLost = result.credentialsLost || result.images.some(hasContentCredentials);
  return {
    ...served,
    result: { ...result, images, applied, ...(credentialsLost ? { credentialsLost } : {}) },
  };
}

/** A preset, by whichever capability the engine decides serves it (see preset-routes). */
export async function runPreset(
  registry: ProviderRegistry,
  preset: PresetId,
  request: ServeEditRequest & { image: Buffer },
): Promise<Served> {
  const { image, onProgress, background } = request;
  const route = presetRoute(preset, registry);
  const missing = () =>
    new CapabilityUnavailableError(route.capability, presetUnavailable(preset, registry) ?? '');
  if (!registry.has(route.capability)) throw missing();
  if (route.capability === 'upscale') {
    const provider = providerFor(registry, 'upscale', 'Upscaling');
    const { scale, method } = route;
    return {
      result: await provider.upscale({ image, onProgress, background, scale, method }),
      provider: provider.id,
    };
  }
  if (route.capability === 'multiview') {
    const provider = providerFor(registry, 'multiview', 'Multiview');
    const square = await padImageToSquare(image);
    const result = await provider.multiview({ image: square, prompt: route.prompt, onProgress });
    return { result, provider: provider.id };
  }
  if (route.capability === 'render') {
    const provider = providerFor(registry, 'render', 'Rendering');
    const result = await provider.render({ image, prompt: route.prompt, onProgress });
    return { result, provider: provider.id };
  }
  const provider = providerFor(registry, 'preset', 'Presets');
  const { numImages, reference, selection } = request;
  const result = await provider.preset({
    image,
    preset,
    numImages,
    reference,
    selection,
    onProgress,
    background,
  });
  return keepOutsideSelection({ result, provider: provider.id }, image, selection);
}

async function editImage(
  registry: ProviderRegistry,
  request: ServeEditRequest & { image: Buffer },
): Promise<Served> {
  const { image, selection, numImages, prompt } = request;
  const provider = providerFor(registry, 'edit', 'Editing');
  const inpainter = registry.for('inpaint');
  const hosted = provider.id !== 'local' && inpainter?.inpaint && inpainter.id !== 'local';
  // A prompt about the picture's text only ("remove the text") gets the text's mask.
  const mask =
    hosted && selection
      ? await selectionMaskPng(image, selection)
      : hosted
        ? await textMaskPng(image, prompt)
        : null;
  if (mask && inpainter?.inpaint) {
    // The hosted model's masked call (OpenAI edit with a mask, FLUX Fill, a ComfyUI inpaint
    // workflow) gets the selection's or the text's mask; its answer is pasted inside the mask.
    const images: Buffer[] = [];
    let applied: string[] = [];
    for (let i = 0; i < numImages; i++) {
      const one = await inpainter.inpaint({ image, mask, prompt });
      images.push(...one.images);
      applied = one.applied;
      request.onProgress?.((i + 1) / numImages);
    }
    return { result: { images, applied, unsupported: [] }, provider: inpainter.id };
  }
  const { aspectRatio, size, reference, onProgress, background } = request;
  const result = await provider.edit({
    image,
    prompt,
    numImages,
    aspectRatio,
    size,
    reference,
    selection,
    onProgress,
    background,
  });
  return keepOutsideSelection({ result, provider: provider.id }, image, selection);
}

/** The edit job's one call: the engine decides which capability and provider do the work. */
export async function serveEdit(
  registry: ProviderRegistry,
  request: ServeEditRequest,
): Promise<Served> {
  const { image, preset } = request;
  if (!image) {
    const provider = providerFor(registry, 'generate', 'Image generation');
    const { prompt, numImages, aspectRatio, size, onProgress } = request;
    return {
      result: await provider.generate({ prompt, numImages, aspectRatio, size, onProgress }),
      provider: provider.id,
    };
  }
  if (!preset) return editImage(registry, { ...request, image });
  if (!isPresetId(preset)) {
    throw new EngineInputError('unknown_preset', `Unknown preset: ${preset}`);
  }
  return runPreset(registry, preset, { ...request, image });
}
