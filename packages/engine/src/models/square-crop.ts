import type { RawImage } from '../raw-image.ts';

/** A square of the image: its centre, side and turn (radians, clockwise in image coordinates). */
export interface SquareCrop {
  cx: number;
  cy: number;
  side: number;
  angle: number;
}

/**
 * The square sampled bilinearly into `size`×`size` RGB floats, each value mapped by `scale`
 * (the models want 0..1 or -1..1). Pixels beyond the image repeat its edge, as MediaPipe's own
 * crops do, so a face at the border is not framed in black.
 */
export function sampleSquare(
  image: RawImage,
  crop: SquareCrop,
  size: number,
  scale: (value: number) => number,
): Float32Array {
  const { width, height, data } = image;
  const out = new Float32Array(size * size * 3);
  const cos = Math.cos(crop.angle);
  const sin = Math.sin(crop.angle);
  const step = crop.side / size;
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5) * step - crop.side / 2;
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) * step - crop.side / 2;
      const fx = crop.cx + u * cos - v * sin - 0.5;
      const fy = crop.cy + u * sin + v * cos - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      const xa = Math.min(width - 1, Math.max(0, x0));
      const xb = Math.min(width - 1, Math.max(0, x0 + 1));
      const ya = Math.min(height - 1, Math.max(0, y0)) * width;
      const yb = Math.min(height - 1, Math.max(0, y0 + 1)) * width;
      const o = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[(ya + xa) * 3 + c]! * (1 - ax) + data[(ya + xb) * 3 + c]! * ax;
        const bottom = data[(yb + xa) * 3 + c]! * (1 - ax) + data[(yb + xb) * 3 + c]! * ax;
        out[o + c] = scale(top * (1 - ay) + bottom * ay);
      }
    }
  }
  return out;
}

/** A point given in the crop's `size`×`size` model pixels, in image pixels. */
export function fromCrop(crop: SquareCrop, size: number, x: number, y: number): [number, number] {
  const u = (x / size - 0.5) * crop.side;
  const v = (y / size - 0.5) * crop.side;
  const cos = Math.cos(crop.angle);
  const sin = Math.sin(crop.angle);
  return [crop.cx + u * cos - v * sin, crop.cy + u * sin + v * cos];
}
