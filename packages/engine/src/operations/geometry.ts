import { ratioValue, type AspectRatio } from '../aspect.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';

export function rotate(image: RawImage, degrees: 90 | 180 | 270): Promise<RawImage> {
  return toRaw(rawPipeline(image).rotate(degrees));
}

export function flip(image: RawImage, axis: 'horizontal' | 'vertical'): Promise<RawImage> {
  const pipeline = rawPipeline(image);
  return toRaw(axis === 'horizontal' ? pipeline.flop() : pipeline.flip());
}

/** The largest centred region with the given ratio. */
export function cropRegion(width: number, height: number, ratio: number) {
  if (width / height > ratio) {
    const cropWidth = Math.max(1, Math.round(height * ratio));
    return { left: Math.floor((width - cropWidth) / 2), top: 0, width: cropWidth, height };
  }
  const cropHeight = Math.max(1, Math.round(width / ratio));
  return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight };
}

export async function cropToRatio(image: RawImage, ratio: AspectRatio): Promise<RawImage> {
  const region = cropRegion(image.width, image.height, ratioValue(ratio));
  if (region.width === image.width && region.height === image.height) return image;
  return toRaw(rawPipeline(image).extract(region));
}
