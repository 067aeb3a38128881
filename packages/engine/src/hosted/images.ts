import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import { hasContentCredentials } from '../metadata/result-metadata.ts';
import { isJpeg } from '../metadata/jpeg-segments.ts';
import { HostedProviderError } from './errors.ts';

/** Providers take a few megapixels at most; larger inputs only cost upload time. */
export const PROVIDER_MAX_SIDE = 2048;
const RESULT_QUALITY = 92;

export interface ProviderImage {
  data: Buffer;
  width: number;
  height: number;
}

/** One of our stored images, upright, at most PROVIDER_MAX_SIDE on its long side, as JPEG. */
export async function toProviderImage(image: Buffer): Promise<ProviderImage> {
  try {
    const { data, info } = await sharp(image, { failOn: 'truncated' })
      .rotate()
      .resize(PROVIDER_MAX_SIDE, PROVIDER_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
}

/**
 * Whatever the provider answered (PNG, WebP, JPEG) as the JPEG the engine promises. A JPEG
 * carrying the provider's C2PA manifest is kept byte for byte, so the manifest stays valid.
 */
export async function toJpegResult(bytes: Uint8Array, provider: string): Promise<Buffer> {
  const given = Buffer.from(bytes);
  if (isJpeg(given) && hasContentCredentials(given)) return given;
  try {
    return await sharp(bytes, { failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: RESULT_QUALITY, chromaSubsampling: '4:4:4' })
      .toBuffer();
  } catch (error) {
    throw new HostedProviderError(
      'no_result',
      provider,
      'The provider returned no readable image',
      {
        cause: error,
      },
    );
  }
}

/** The mask at the given size as one 0/255 plane: 255 where light pixels (> 50 %) ask for a fill. */
export async function maskPlane(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const { data } = await sharp(mask)
    .rotate()
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = data[i]! > 127 ? 255 : 0;
  return data;
}

/** White on black (FLUX Fill, ComfyUI): white is filled. */
export async function whiteMaskPng(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const plane = await maskPlane(mask, width, height);
  return sharp(plane, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** OpenAI's convention: fully transparent pixels are the ones to edit. */
export async function transparentMaskPng(
  mask: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  const plane = await maskPlane(mask, width, height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < plane.length; i++) rgba[i * 4 + 3] = plane[i] ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The image with the masked region made transparent (ComfyUI's LoadImage reads it as MASK). */
export async function withHoleForMask(image: ProviderImage, mask: Buffer): Promise<Buffer> {
  const { width, height } = image;
  const plane = await maskPlane(mask, width, height);
  const rgb = await sharp(image.data).removeAlpha().raw().toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgb.copy(rgba, p * 4, p * 3, p * 3 + 3);
    rgba[p * 4 + 3] = 255 - plane[p]!;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * A generative fill pasted into the original inside the mask only, with a soft edge that stays
 * inside it: every pixel outside the mask is the original's, as with the local inpainter.
 */
export async function pasteInsideMask(
  original: Buffer,
  filled: Buffer,
  mask: Buffer,
  format: 'jpeg' | 'png',
): Promise<Buffer> {
  const base = await sharp(original)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const fill = await sharp(filled)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const hard = await maskPlane(mask, width, height);
  const soft = await sharp(hard, { raw: { width, height, channels: 1 } })
    .blur(2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.from(base.data);
  for (let p = 0; p < width * height; p++) {
    const weight = Math.min(hard[p]!, soft[p]!) / 255;
    if (weight === 0) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      out[i] = Math.round(base.data[i]! + (fill[i]! - base.data[i]!) * weight);
    }
  }
  const encoder = sharp(out, { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? encoder.png().toBuffer()
    : encoder.jpeg({ quality: RESULT_QUALITY, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** The output size closest to the image's shape among the sizes a model accepts. */
export function nearestSize(
  width: number,
  height: number,
  sizes: readonly `${number}x${number}`[],
): `${number}x${number}` {
  const ratio = width / height;
  let best = sizes[0]!;
  let bestDistance = Infinity;
  for (const size of sizes) {
    const [w, h] = size.split('x').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h / ratio));
    if (distance < bestDistance) [best, bestDistance] = [size, distance];
  }
  return best;
}
