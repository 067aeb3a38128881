import { clampByte, seededRandom } from '../colour.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';

/** Sizes in operations are given for a 1000-pixel image so a look is the same at any size. */
export const scaleOf = (image: RawImage): number => Math.max(image.width, image.height) / 1000;

export function blur(image: RawImage, sigma: number): Promise<RawImage> {
  const pixels = Math.max(0.3, Math.min(200, sigma * scaleOf(image)));
  return toRaw(rawPipeline(image).blur(pixels));
}

/** Unsharp mask on lightness (sharp works in LAB), stronger in detailed areas than in flat ones. */
export function sharpen(image: RawImage, amount: number): Promise<RawImage> {
  const strength = Math.max(0, amount);
  const sigma = Math.min(3, Math.max(0.6, 0.8 * scaleOf(image)));
  return toRaw(
    rawPipeline(image).sharpen({ sigma, m1: 0.6 + strength, m2: 2 + 8 * strength, x1: 2 }),
  );
}

/**
 * Darkens toward the corners along an elliptical falloff; the centre 35 % of the radius is left
 * untouched so faces and subjects keep their exposure.
 */
export function vignette(image: RawImage, amount: number): RawImage {
  const { width, height, data } = image;
  const strength = Math.max(0, Math.min(1, amount));
  // The falloff as a table over the squared radius: no square root or power per pixel.
  const steps = 2048;
  const falloff = new Float32Array(steps + 1);
  for (let k = 0; k <= steps; k++) {
    const r = Math.sqrt(k / steps);
    const t = r <= 0.35 ? 0 : (r - 0.35) / 0.65;
    falloff[k] = 1 - strength * t ** 1.6;
  }
  const cx = (width - 1) / 2 || 1;
  const cy = (height - 1) / 2 || 1;
  const dx2 = new Float32Array(width);
  for (let x = 0; x < width; x++) dx2[x] = ((x - cx) / cx) ** 2 / 2;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0; y < height; y++) {
    const dy2 = ((y - cy) / cy) ** 2 / 2;
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const f = falloff[Math.min(steps, Math.round((dx2[x]! + dy2) * steps))]!;
      out[i] = data[i]! * f;
      out[i + 1] = data[i + 1]! * f;
      out[i + 2] = data[i + 2]! * f;
    }
  }
  return { data: out, width, height };
}

/**
 * Monochrome film grain, strongest in the midtones like silver halide grain; the same seed
 * gives the same grain.
 */
export function grain(image: RawImage, amount: number, seed: number): RawImage {
  const random = seededRandom(seed);
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  const amplitude = 60 * Math.max(0, amount);
  for (let i = 0; i < src.length; i += 3) {
    const r = src[i]!;
    const g = src[i + 1]!;
    const b = src[i + 2]!;
    const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    const weight = 0.25 + 3 * l * (1 - l);
    // Sum of two uniforms: a cheap bell-shaped distribution.
    const noise = (random() + random() - 1) * amplitude * weight;
    out[i] = clampByte(r + noise);
    out[i + 1] = clampByte(g + noise);
    out[i + 2] = clampByte(b + noise);
  }
  return { data: out, width: image.width, height: image.height };
}
