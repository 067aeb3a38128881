import { EngineInputError } from './errors.ts';
import { esrganUpscale, type UpscaleFactor } from './models/esrgan.ts';
import { EDIT_QUALITY } from './operations/apply.ts';
import type { ImageResult, UpscaleRequest } from './provider.ts';
import { decodeImage, encodeJpeg, rawPipeline, toRaw, type RawImage } from './raw-image.ts';

/** 8K by 6K: the largest result an upscale may make (about 150 MB of pixels while encoding). */
export const MAX_UPSCALE_OUTPUT_PIXELS = 50_000_000;
/**
 * ESRGAN costs about 20 µs per input pixel for 2× and about 3.5 times that for 4× on one core
 * here (more while other work shares the CPU), and a job has 180 s: 2 MP at 2×, 0.7 MP at 4×.
 * Larger images go through the fast path, and the answer says so.
 */
export const MAX_MODEL_INPUT_PIXELS: Readonly<Record<UpscaleFactor, number>> = {
  2: 2_000_000,
  4: 700_000,
};

export function isUpscaleFactor(value: number): value is UpscaleFactor {
  return value === 2 || value === 4;
}

/** Lanczos-3 resampling, then an unsharp mask scaled to the factor: the fast path. */
export function lanczosUpscale(image: RawImage, factor: number): Promise<RawImage> {
  const sigma = 0.6 + 0.25 * factor;
  return toRaw(
    rawPipeline(image)
      .resize(image.width * factor, image.height * factor, { kernel: 'lanczos3' })
      .sharpen({ sigma, m1: 0.8, m2: 2.5, x1: 2 }),
  );
}

export async function upscaleImage(request: UpscaleRequest): Promise<ImageResult> {
  const factor = request.scale;
  if (!isUpscaleFactor(factor)) {
    throw new EngineInputError('invalid_scale', 'Upscaling is 2× or 4×');
  }
  const image = await decodeImage(request.image);
  const pixels = image.width * image.height;
  const maxOutput = request.maxOutputPixels ?? MAX_UPSCALE_OUTPUT_PIXELS;
  if (pixels * factor * factor > maxOutput) {
    const megapixels = Math.round(maxOutput / 1_000_000);
    throw new EngineInputError(
      'too_large',
      `Upscaling this image ${factor}× would make ${image.width * factor}×${image.height * factor} pixels; ` +
        `the limit is ${megapixels} megapixels.${factor === 4 ? ' Try 2×.' : ''}`,
    );
  }
  const wantsModel = request.method !== 'fast';
  const useModel = wantsModel && pixels <= MAX_MODEL_INPUT_PIXELS[factor];
  request.onProgress?.(0.05);
  const result = useModel
    ? await esrganUpscale(image, factor, {
        signal: request.signal,
        onProgress: (f) => request.onProgress?.(0.05 + 0.85 * f),
      })
    : await lanczosUpscale(image, factor);
  const jpeg = await encodeJpeg(result, EDIT_QUALITY);
  request.onProgress?.(1);
  const size = `${result.width}×${result.height}`;
  return {
    images: [jpeg],
    applied: [
      useModel
        ? `Upscaled ${factor}× to ${size} with ESRGAN (tiled)`
        : `Upscaled ${factor}× to ${size} with Lanczos resampling and sharpening`,
    ],
    unsupported:
      wantsModel && !useModel
        ? [
            `AI upscaling ${factor}× takes images up to ${MAX_MODEL_INPUT_PIXELS[factor] / 1_000_000} megapixels; this one used the fast path`,
          ]
        : [],
  };
}
