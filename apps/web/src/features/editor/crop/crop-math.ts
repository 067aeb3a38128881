import { ASPECT_RATIOS } from '@/lib/contract-values';

export const CROP_RATIOS = [...ASPECT_RATIOS, 'free'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];
export const DEFAULT_CROP_RATIO: CropRatio = '16:9';
/** A new crop covers 70 % of the view (working areas §2). */
export const INITIAL_SHARE = 0.7;
export const MIN_CROP_PX = 10;

export interface PercentRect {
  unit: '%';
  x: number;
  y: number;
  width: number;
  height: number;
}

export function ratioValue(ratio: CropRatio): number | undefined {
  if (ratio === 'free') return undefined;
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
}

/**
 * A centred crop of the given shape, as large as 70 % of the image allows on its tighter side.
 * Percentages, so it holds however large the image is shown.
 */
export function initialCrop(
  ratio: CropRatio,
  imageWidth: number,
  imageHeight: number,
  share = INITIAL_SHARE,
): PercentRect {
  const aspect = ratioValue(ratio);
  let width = share * imageWidth;
  let height = aspect ? width / aspect : share * imageHeight;
  if (height > share * imageHeight) {
    height = share * imageHeight;
    if (aspect) width = height * aspect;
  }
  const w = (width / imageWidth) * 100;
  const h = (height / imageHeight) * 100;
  return { unit: '%', x: (100 - w) / 2, y: (100 - h) / 2, width: w, height: h };
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop in the image's own pixels, kept inside the image. null when it starts outside the
 * image or is smaller than 10 px (the crop fails, working areas §5).
 */
export function toPixelRect(
  crop: PercentRect,
  naturalWidth: number,
  naturalHeight: number,
): PixelRect | null {
  if (crop.x < 0 || crop.y < 0 || crop.x >= 100 || crop.y >= 100) return null;
  const x = Math.round((crop.x / 100) * naturalWidth);
  const y = Math.round((crop.y / 100) * naturalHeight);
  const width = Math.min(Math.round((crop.width / 100) * naturalWidth), naturalWidth - x);
  const height = Math.min(Math.round((crop.height / 100) * naturalHeight), naturalHeight - y);
  if (width < MIN_CROP_PX || height < MIN_CROP_PX) return null;
  return { x, y, width, height };
}
