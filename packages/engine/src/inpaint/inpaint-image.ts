import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import type { ImageResult, InpaintRequest } from '../provider.ts';
import { decodeImage, encodeJpeg, rawPipeline, type RawImage } from '../raw-image.ts';
import { inpaintRaw } from './inpaint.ts';

export const INPAINT_QUALITY = 92;

/** A mask image (any format sharp reads) as 0/1 at the image's size: light pixels are filled. */
export async function decodeMask(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  let data: Buffer;
  try {
    ({ data } = await sharp(mask)
      .flatten({ background: '#000000' })
      .greyscale()
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true }));
  } catch (error) {
    throw new EngineInputError('corrupt', 'The mask could not be decoded', { cause: error });
  }
  return Uint8Array.from(data, (v) => (v > 127 ? 1 : 0));
}

/** PNG keeps every pixel outside the mask exactly; JPEG is what edits deliver. */
export function encodeImage(image: RawImage, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return format === 'png'
    ? rawPipeline(image).png({ compressionLevel: 6 }).toBuffer()
    : encodeJpeg(image, INPAINT_QUALITY);
}

/** The 'inpaint' capability of the local engine: fill the mask's light pixels. */
export async function inpaintImage(request: InpaintRequest): Promise<ImageResult> {
  const image = await decodeImage(request.image);
  const mask = await decodeMask(request.mask, image.width, image.height);
  let filled = 0;
  for (let p = 0; p < mask.length; p++) filled += mask[p]!;
  if (filled === 0) throw new EngineInputError('nothing_to_do', 'The mask marks nothing to fill');
  request.onProgress?.(0.05);
  const result = inpaintRaw(image, mask, {
    signal: request.signal,
    onProgress: (f) => request.onProgress?.(0.05 + f * 0.9),
  });
  const encoded = await encodeImage(result, request.format);
  request.onProgress?.(1);
  const percent = Math.max(0.1, Math.round((filled / mask.length) * 1000) / 10);
  return {
    images: [encoded],
    applied: [`Filled ${percent}% of the image from its surroundings`],
    unsupported: [],
  };
}
