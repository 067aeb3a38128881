import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rgbToLab } from '../src/colour.ts';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const cache = new Map<string, Promise<Buffer>>();

/** A fixture photo as JPEG, scaled to `width` (most tests need no more than a few hundred px). */
export function fixture(name: string, width?: number): Promise<Buffer> {
  const key = `${name}@${width ?? 'full'}`;
  let loaded = cache.get(key);
  if (!loaded) {
    const file = fs.readFileSync(path.join(FIXTURES, name));
    loaded = width
      ? sharp(file).resize({ width }).jpeg({ quality: 95 }).toBuffer()
      : Promise.resolve(file);
    cache.set(key, loaded);
  }
  return loaded;
}

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

export async function pixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Measures {
  width: number;
  height: number;
  /** Mean Rec. 601 luminance, 0..255. */
  luminance: number;
  /** Mean HSV saturation, 0..1. */
  saturation: number;
  red: number;
  green: number;
  blue: number;
}

/** Means over the whole image or a region given as fractions of the size. */
export async function measure(image: Buffer, region?: Region): Promise<Measures> {
  const { data, width, height } = await pixels(image);
  const x0 = Math.floor((region?.left ?? 0) * width);
  const y0 = Math.floor((region?.top ?? 0) * height);
  const x1 = Math.ceil(((region?.left ?? 0) + (region?.width ?? 1)) * width);
  const y1 = Math.ceil(((region?.top ?? 0) + (region?.height ?? 1)) * height);
  let lum = 0;
  let sat = 0;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 3;
      const [pr, pg, pb] = [data[i]!, data[i + 1]!, data[i + 2]!];
      lum += 0.299 * pr + 0.587 * pg + 0.114 * pb;
      const max = Math.max(pr, pg, pb);
      sat += max === 0 ? 0 : (max - Math.min(pr, pg, pb)) / max;
      r += pr;
      g += pg;
      b += pb;
      n++;
    }
  }
  return {
    width,
    height,
    luminance: lum / n,
    saturation: sat / n,
    red: r / n,
    green: g / n,
    blue: b / n,
  };
}

/** Variance of the 4-neighbour Laplacian of luminance: the usual focus measure. */
export async function sharpness(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = data[i - 1]! + data[i + 1]! + data[i - width]! + data[i + width]! - 4 * data[i]!;
      sum += v;
      squares += v * v;
      n++;
    }
  }
  return squares / n - (sum / n) ** 2;
}

/** Mean |4-neighbour Laplacian| of luminance: fine texture (brush strokes, grain) vs smooth areas. */
export async function texture(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      sum += Math.abs(
        4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!,
      );
    }
  return sum / ((width - 2) * (height - 2));
}

/** Share of pixels whose colour passes `test` (0..255 channels). */
export async function colourShare(
  image: Buffer,
  test: (r: number, g: number, b: number) => boolean,
): Promise<number> {
  const { data } = await pixels(image);
  let hits = 0;
  for (let i = 0; i < data.length; i += 3) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) hits++;
  return hits / (data.length / 3);
}

/** Mean absolute difference per channel value (0..255) of two images scaled to the same size. */
export async function difference(a: Buffer, b: Buffer, size = 64): Promise<number> {
  const small = (image: Buffer) =>
    sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let total = 0;
  for (let i = 0; i < x.length; i++) total += Math.abs(x[i]! - y[i]!);
  return total / x.length;
}

/**
 * Share of pixels within a small distance of the `top` most common colours (histogram at 16
 * levels a channel): near 1 for flat posters, well below for photographs.
 */
export async function paletteCoverage(image: Buffer, top: number, radius = 30): Promise<number> {
  const { data } = await pixels(image);
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < data.length; i += 3) {
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bin.n++;
    bin.r += data[i]!;
    bin.g += data[i + 1]!;
    bin.b += data[i + 2]!;
    bins.set(key, bin);
  }
  const centres = [...bins.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, top)
    .map((bin) => [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n] as const);
  let near = 0;
  for (let i = 0; i < data.length; i += 3) {
    const close = centres.some(
      ([r, g, b]) =>
        (data[i]! - r) ** 2 + (data[i + 1]! - g) ** 2 + (data[i + 2]! - b) ** 2 < radius * radius,
    );
    if (close) near++;
  }
  return near / (data.length / 3);
}

/** A plain image, or a plain image with a coloured square in the middle. */
export function synthetic(
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
  square?: { r: number; g: number; b: number; size: number },
): Promise<Buffer> {
  let pipeline = sharp({ create: { width, height, channels: 3, background } });
  if (square) {
    pipeline = pipeline.composite([
      {
        input: {
          create: {
            width: square.size,
            height: square.size,
            channels: 3,
            background: { r: square.r, g: square.g, b: square.b },
          },
        },
        left: Math.round((width - square.size) / 2),
        top: Math.round((height - square.size) / 2),
      },
    ]);
  }
  return pipeline.png().toBuffer();
}

/** A black-and-white PNG at the given size, white inside the rectangle (fractions of the size). */
export function rectangleMask(
  width: number,
  height: number,
  l: number,
  t: number,
  r: number,
  b: number,
): Promise<Buffer> {
  const data = Buffer.alloc(width * height);
  for (let y = Math.floor(t * height); y < b * height; y++)
    data.fill(255, y * width + Math.floor(l * width), y * width + Math.floor(r * width));
  return sharp(data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** PSNR (dB) of `a` against `b` over the pixels where `hole` is set (RGB images). */
export function holePsnr(a: Pixels, b: Pixels, hole: Uint8Array): number {
  let sq = 0;
  let n = 0;
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 3; c++) sq += (a.data[p * 3 + c]! - b.data[p * 3 + c]!) ** 2;
    n += 3;
  }
  return 10 * Math.log10((255 * 255) / Math.max(1e-6, sq / n));
}

/** Mean ΔE (CIE76) between two raw images of one size over the pixel rectangle [x0, x1) × [y0, y1). */
export function meanDeltaEIn(
  before: { width: number; data: Buffer },
  after: { data: Buffer },
  [x0, y0, x1, y1]: readonly [number, number, number, number],
): number {
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  let sum = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * before.width + x) * 3;
      rgbToLab(before.data[p]!, before.data[p + 1]!, before.data[p + 2]!, a);
      rgbToLab(after.data[p]!, after.data[p + 1]!, after.data[p + 2]!, b);
      sum += Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
    }
  }
  return sum / ((x1 - x0) * (y1 - y0));
}
