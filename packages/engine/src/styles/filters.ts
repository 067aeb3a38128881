import { clampByte, seededRandom } from '../colour.ts';
import { blurPlane, rawPipeline, toRaw, type RawImage } from '../raw-image.ts';

/** Luminance as bytes, one per pixel. */
export function luminance(image: RawImage): Buffer {
  const src = image.data;
  const out = Buffer.allocUnsafe(image.width * image.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] = (77 * src[i]! + 150 * src[i + 1]! + 29 * src[i + 2]!) >> 8;
  }
  return out;
}

/** Sobel gradient magnitude of a plane (0 at the one-pixel border). */
export function sobel(plane: Uint8Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const tl = plane[i - width - 1]!;
      const t = plane[i - width]!;
      const tr = plane[i - width + 1]!;
      const l = plane[i - 1]!;
      const r = plane[i + 1]!;
      const bl = plane[i + width - 1]!;
      const b = plane[i + width]!;
      const br = plane[i + width + 1]!;
      const gx = tr + 2 * r + br - tl - 2 * l - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      out[i] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** The value below which `fraction` of the samples lie (on a strided sample, for speed). */
export function percentile(values: ArrayLike<number>, fraction: number): number {
  const stride = Math.max(1, Math.floor(values.length / 50_000));
  const sample: number[] = [];
  for (let i = 0; i < values.length; i += stride) sample.push(values[i]!);
  sample.sort((a, b) => a - b);
  return sample[Math.min(sample.length - 1, Math.floor(fraction * sample.length))] ?? 0;
}

/**
 * Edge strength 0..1: Sobel of the lightly blurred luminance, normalised so the strongest few
 * percent of edges are 1 and weak texture below `floor` is dropped.
 */
export async function edgeMap(
  image: RawImage,
  blurSigma: number,
  floor = 0.15,
  top = 0.97,
): Promise<Float32Array> {
  const smooth = await blurPlane(luminance(image), image.width, image.height, blurSigma);
  const gradient = sobel(smooth, image.width, image.height);
  const high = Math.max(1, percentile(gradient, top));
  for (let i = 0; i < gradient.length; i++) {
    const t = gradient[i]! / high;
    gradient[i] = t <= floor ? 0 : Math.min(1, (t - floor) / (1 - floor));
  }
  return gradient;
}

/** Darkens each pixel toward `ink` where `edges` is strong. */
export function inkEdges(
  image: RawImage,
  edges: Float32Array,
  strength: number,
  ink: readonly [number, number, number] = [20, 20, 25],
): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let p = 0, i = 0; p < edges.length; p++, i += 3) {
    const t = Math.min(1, edges[p]! * strength);
    out[i] = clampByte(src[i]! + (ink[0] - src[i]!) * t);
    out[i + 1] = clampByte(src[i + 1]! + (ink[1] - src[i + 1]!) * t);
    out[i + 2] = clampByte(src[i + 2]! + (ink[2] - src[i + 2]!) * t);
  }
  return { data: out, width: image.width, height: image.height };
}

/** Glow: the bright parts, blurred and tinted, screened back over the image. */
export async function bloom(
  image: RawImage,
  threshold: number,
  sigma: number,
  amount: number,
  tint: readonly [number, number, number] = [255, 255, 255],
): Promise<RawImage> {
  const src = image.data;
  const bright = Buffer.alloc(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const l = (0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!) / 255;
    const t = Math.max(0, (l - threshold) / (1 - threshold));
    bright[i] = src[i]! * t * (tint[0] / 255);
    bright[i + 1] = src[i + 1]! * t * (tint[1] / 255);
    bright[i + 2] = src[i + 2]! * t * (tint[2] / 255);
  }
  const glow = await toRaw(
    rawPipeline({ data: bright, width: image.width, height: image.height }).blur(
      Math.max(0.3, sigma),
    ),
  );
  const out = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i++) {
    const a = src[i]!;
    const b = glow.data[i]! * amount;
    out[i] = clampByte(a + b - (a * b) / 255);
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * Soft random texture 0..255 around 128 (paper, canvas): white noise blurred at two scales so
 * it has both fibres and blotches.
 */
export async function texture(
  width: number,
  height: number,
  seed: number,
  fineSigma: number,
  coarseSigma: number,
): Promise<Buffer> {
  const random = seededRandom(seed);
  const noise = Buffer.allocUnsafe(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = random() * 255;
  const fine = await blurPlane(noise, width, height, fineSigma);
  const coarse = await blurPlane(noise, width, height, coarseSigma);
  const out = Buffer.allocUnsafe(width * height);
  // Blurring white noise shrinks its spread; stretch each scale back before mixing.
  const fineGain = Math.min(12, 1 + fineSigma * 1.6);
  const coarseGain = Math.min(40, 1 + coarseSigma * 1.6);
  for (let i = 0; i < out.length; i++) {
    out[i] = clampByte(
      128 + (fine[i]! - 128) * fineGain * 0.6 + (coarse[i]! - 128) * coarseGain * 0.4,
    );
  }
  return out;
}

/** Multiplies each pixel by 1 + depth * (texture - 128) / 128. */
export function applyTexture(image: RawImage, plane: Uint8Array, depth: number): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let p = 0, i = 0; p < plane.length; p++, i += 3) {
    const f = 1 + (depth * (plane[p]! - 128)) / 128;
    out[i] = clampByte(src[i]! * f);
    out[i + 1] = clampByte(src[i + 1]! * f);
    out[i + 2] = clampByte(src[i + 2]! * f);
  }
  return { data: out, width: image.width, height: image.height };
}

/** Per-pixel linear mix of two images of the same size, `t` 0 = a, 1 = b. */
export function mixImages(a: RawImage, b: RawImage, t: number): RawImage {
  const out = Buffer.allocUnsafe(a.data.length);
  for (let i = 0; i < out.length; i++)
    out[i] = clampByte(a.data[i]! + (b.data[i]! - a.data[i]!) * t);
  return { data: out, width: a.width, height: a.height };
}

/** Each pixel pulled toward `colour` by `amountAt(y)` (haze, fog, gradients from the top). */
export function verticalWash(
  image: RawImage,
  colour: readonly [number, number, number],
  amountAt: (yFraction: number) => number,
): RawImage {
  const { width, height, data } = image;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0; y < height; y++) {
    const t = amountAt(height > 1 ? y / (height - 1) : 0);
    const start = y * width * 3;
    for (let i = start; i < start + width * 3; i += 3) {
      out[i] = clampByte(data[i]! + (colour[0] - data[i]!) * t);
      out[i + 1] = clampByte(data[i + 1]! + (colour[1] - data[i + 1]!) * t);
      out[i + 2] = clampByte(data[i + 2]! + (colour[2] - data[i + 2]!) * t);
    }
  }
  return { data: out, width, height };
}

/**
 * Recolours by luminance along a colour ramp (a gradient map), mixed with the original by
 * `amount`: whatever colours came in, the result takes the ramp's palette.
 */
export function gradientMap(
  image: RawImage,
  stops: ReadonlyArray<readonly [number, readonly [number, number, number]]>,
  amount: number,
): RawImage {
  const ramp = new Float32Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    let k = 0;
    while (k < stops.length - 2 && t > stops[k + 1]![0]) k++;
    const [t0, c0] = stops[k]!;
    const [t1, c1] = stops[k + 1]!;
    const f = Math.max(0, Math.min(1, (t - t0) / (t1 - t0 || 1)));
    for (let c = 0; c < 3; c++) ramp[v * 3 + c] = c0[c]! + (c1[c]! - c0[c]!) * f;
  }
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const l = (77 * src[i]! + 150 * src[i + 1]! + 29 * src[i + 2]!) >> 8;
    for (let c = 0; c < 3; c++) {
      out[i + c] = clampByte(src[i + c]! + (ramp[l * 3 + c]! - src[i + c]!) * amount);
    }
  }
  return { data: out, width: image.width, height: image.height };
}
