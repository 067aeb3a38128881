import sharp from 'sharp';
import type { Mask } from '../src/masks/mask.ts';
import { decodeImage, type RawImage } from '../src/raw-image.ts';

/** A caption set on a text-free photo: where the truth under the letters is known. */
export interface Caption {
  text: string;
  /** The baseline's start, in pixels of the photo. */
  x: number;
  y: number;
  /** Font size in pixels. */
  size: number;
  /** #rrggbb */
  colour: string;
}

export interface CleanPlate {
  /** The photo as it was: the truth under the letters. */
  clean: RawImage;
  /** The photo with the caption, saved as a JPEG (quality 92) as a camera or an editor would. */
  captioned: Buffer;
  /** 255 where the letters visibly cover the photo (the caption's own alpha above 16). */
  letters: Mask;
}

/**
 * Sets the caption on the photo in DejaVu Sans Bold (Debian's fonts-dejavu; librsvg falls back
 * to another sans-serif where it is missing). The letters' mask is the caption's rendered
 * alpha — the truth, not anything the engine found.
 */
export async function captionPhoto(photo: Buffer, caption: Caption): Promise<CleanPlate> {
  const clean = await decodeImage(photo);
  const { width, height } = clean;
  const svg = (fill: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<text x="${caption.x}" y="${caption.y}" font-family="DejaVu Sans" font-weight="bold" ` +
        `font-size="${caption.size}" fill="${fill}">${caption.text}</text></svg>`,
    );
  const alpha = await sharp(svg('#ffffff')).extractChannel(3).raw().toBuffer();
  const base = sharp(clean.data, { raw: { width, height, channels: 3 } });
  const captioned = await base
    .composite([{ input: svg(caption.colour) }])
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const letters = Uint8Array.from(alpha, (v) => (v > 16 ? 255 : 0));
  return { clean, captioned, letters: { width, height, data: letters } };
}

/** PSNR (dB) between two images over the pixels a mask selects (at least half). */
export function psnrIn(a: RawImage, b: RawImage, where: Mask): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < where.data.length; p++) {
    if (where.data[p]! < 128) continue;
    for (let c = 0; c < 3; c++) sum += (a.data[p * 3 + c]! - b.data[p * 3 + c]!) ** 2;
    n += 3;
  }
  if (n === 0) return Infinity;
  const mse = sum / n;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}
