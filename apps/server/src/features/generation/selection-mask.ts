import sharp, { type Stats } from 'sharp';
import { sniffImageType } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';

const badMask = (message: string) =>
  new AppError(400, 'invalid_mask', message, 'Invalid Selection');

/**
 * A drawn selection is refused before any credit is taken unless it is an image (by its bytes)
 * at the picture's own size that selects something.
 */
export async function checkSelectionMask(bytes: Buffer, width: number, height: number) {
  const type = sniffImageType(bytes);
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') {
    throw badMask('The selection mask must be a PNG, JPEG or WebP image.');
  }
  let stats: Stats;
  let info: { width?: number; height?: number };
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 });
    info = await image.metadata();
    stats = await image.flatten({ background: '#000000' }).greyscale().stats();
  } catch {
    throw badMask('The selection mask could not be read.');
  }
  if (info.width !== width || info.height !== height) {
    throw badMask(
      `The selection mask is ${info.width}×${info.height}; it must be ${width}×${height} like the image.`,
    );
  }
  if ((stats.channels[0]?.max ?? 0) < 128) throw badMask('The selection mask selects nothing.');
}

/** A checked mask at the size of the copy the engine works on (the same mask when it is). */
export async function fitSelectionMask(bytes: Buffer, width: number, height: number) {
  const { width: w, height: h } = await sharp(bytes).metadata();
  if (w === width && h === height) return bytes;
  return sharp(bytes).resize(width, height, { fit: 'fill' }).png().toBuffer();
}
