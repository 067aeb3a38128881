import { cutOutSubject, segmentSubject } from './models/background-removal.ts';
import { classifyNsfw } from './models/nsfw.ts';
import type { Capability, Provider } from './provider.ts';
import { decodeImage, type RawImage } from './raw-image.ts';
import { coverage } from './scenes/composite.ts';
import { upscaleImage } from './upscale.ts';

/** What the local provider does with models that ship inside npm packages (see docs/licences.md). */
export const LOCAL_MODEL_CAPABILITIES: readonly Capability[] = [
  'removeBackground',
  'upscale',
  'moderate',
];

export const localModels: Pick<Provider, 'removeBackground' | 'upscale' | 'moderate'> = {
  async removeBackground(request) {
    const image = await decodeImage(request.image);
    request.onProgress?.(0.05);
    const { png, matte } = await cutOutSubject(image);
    request.onProgress?.(1);
    return { image: png, width: image.width, height: image.height, coverage: coverage(matte) };
  },
  upscale: upscaleImage,
  moderate: classifyNsfw,
};

/**
 * The subject's matte for an edit whose prompt asks for a scene or a new background. It is
 * computed once per image size: tone steps before the scene keep every pixel where it was, so
 * all variations share one run of the model; a step that changed the size gets its own.
 */
export function matteCache(): (image: RawImage) => Promise<Buffer> {
  const bySize = new Map<string, Promise<Buffer>>();
  return (image) => {
    const key = `${image.width}x${image.height}`;
    let matte = bySize.get(key);
    if (!matte) {
      matte = segmentSubject(image);
      bySize.set(key, matte);
    }
    return matte;
  };
}
