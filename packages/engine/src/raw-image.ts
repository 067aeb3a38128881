import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { EngineInputError } from './errors.ts';

/** Decoded RGB pixels, row by row, 8 bits per channel: what every pixel operation works on. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export const DEFAULT_MAX_PIXELS = 40_000_000;

let configured = false;

/**
 * libvips defaults to one thread on some machines; use every core once, deliberately, and
 * keep libvips' operation cache off because every image here is new.
 */
export function configureSharp(threads = os.availableParallelism()): void {
  sharp.concurrency(threads);
  sharp.cache(false);
  configured = true;
}

export function ensureSharpConfigured(): void {
  if (!configured) configureSharp();
}

export function rawPipeline(image: RawImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

/**
 * A rectangle of the pixels, copied row by row: cheaper than handing a 12 MP buffer to sharp
 * to extract a line of text from it.
 */
export function cropRaw(
  image: RawImage,
  rect: { left: number; top: number; width: number; height: number },
): RawImage {
  const data = Buffer.allocUnsafe(rect.width * rect.height * 3);
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.top + y) * image.width + rect.left) * 3;
    image.data.copy(data, y * rect.width * 3, from, from + rect.width * 3);
  }
  return { width: rect.width, height: rect.height, data };
}

/** Finishes a pipeline as 3-channel raw pixels. */
export async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/**
 * Any encoded image the engine is handed (normally one it normalised itself) as upright RGB,
 * transparency flattened onto white.
 */
export async function decodeImage(
  input: Buffer,
  maxPixels: number = DEFAULT_MAX_PIXELS,
): Promise<RawImage> {
  ensureSharpConfigured();
  try {
    return await toRaw(
      sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels })
        .rotate()
        .flatten({ background: '#ffffff' }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new EngineInputError('too_many_pixels', 'The image has too many pixels', {
        cause: error,
      });
    }
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
}

export function encodeJpeg(image: RawImage, quality = 92): Promise<Buffer> {
  return rawPipeline(image).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
}

export async function resizeRaw(image: RawImage, width: number, height: number): Promise<RawImage> {
  if (image.width === width && image.height === height) return image;
  return toRaw(rawPipeline(image).resize(width, height, { fit: 'fill' }));
}

/** Scales down (never up) so that the image has at most `maxPixels` pixels. */
export async function shrinkToPixels(image: RawImage, maxPixels: number): Promise<RawImage> {
  const pixels = image.width * image.height;
  if (pixels <= maxPixels) return image;
  const scale = Math.sqrt(maxPixels / pixels);
  return resizeRaw(
    image,
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
}

/**
 * Runs a neighbourhood filter on a copy of at most `maxPixels` and scales the result back, so
 * filters whose look depends on the image's size (brush strokes, washes) cost the same on a
 * 12-megapixel photo as on a thumbnail.
 */
export async function atWorkingSize(
  image: RawImage,
  maxPixels: number,
  filter: (small: RawImage) => Promise<RawImage> | RawImage,
): Promise<RawImage> {
  const small = await shrinkToPixels(image, maxPixels);
  const result = await filter(small);
  return resizeRaw(result, image.width, image.height);
}

/**
 * Single-channel 8-bit plane through a sharp pipeline (for blurs of masks and luminance).
 * sharp turns one band into sRGB on output unless told to keep a single channel.
 */
export async function blurPlane(
  plane: Uint8Array,
  width: number,
  height: number,
  sigma: number,
): Promise<Buffer> {
  if (sigma < 0.3) return Buffer.from(plane);
  const { data } = await sharp(Buffer.from(plane.buffer, plane.byteOffset, plane.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

export async function resizePlane(
  plane: Uint8Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Promise<Buffer> {
  const { data } = await sharp(Buffer.from(plane.buffer, plane.byteOffset, plane.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .resize(toWidth, toHeight, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}
