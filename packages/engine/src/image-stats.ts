import { hsvSaturation, rgbToLab } from './colour.ts';
import { dominantColours, type DominantColour } from './dominant-colours.ts';
import type { RawImage } from './raw-image.ts';
import { luminance, sobel } from './styles/filters.ts';

export type { DominantColour } from './dominant-colours.ts';

export type ColourCast = 'warm' | 'cool' | 'green' | 'magenta' | 'neutral';

/** What analysis measures; computed on a copy about 512 pixels wide. */
export interface ImageStats {
  width: number;
  height: number;
  /** Mean luminance 0..1. */
  brightness: number;
  /** Standard deviation of luminance 0..1. */
  contrast: number;
  /** Mean HSV saturation 0..1. */
  saturation: number;
  colourCast: ColourCast;
  /** Mean a* and b* (CIELAB): red-green and yellow-blue balance. */
  castA: number;
  castB: number;
  /** Variance of the Laplacian of luminance at 512 px: higher is sharper. */
  sharpness: number;
  /** Fraction of pixels on a clear edge. */
  edgeDensity: number;
  /** Fraction of near-white, colourless pixels. */
  whiteFraction: number;
  /** Fraction of pixels at pure black or white. */
  clipped: number;
  /** Fraction of skin-toned pixels in the central third. */
  centreSkin: number;
  /** Fraction of the top third that looks like sky. */
  skyTop: number;
  /** Fraction of foliage-green pixels. */
  greenery: number;
  /** Fraction of the border close to its most common colour (plain studio backgrounds). */
  borderUniformity: number;
  dominantColours: DominantColour[];
}

function laplacianVariance(plane: Uint8Array, width: number, height: number): number {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v =
        plane[i - 1]! + plane[i + 1]! + plane[i - width]! + plane[i + width]! - 4 * plane[i]!;
      sum += v;
      squares += v * v;
      count++;
    }
  }
  return count ? squares / count - (sum / count) ** 2 : 0;
}

const isSkin = (r: number, g: number, b: number) =>
  r > 95 && g > 40 && b > 20 && r > g && r > b && r - Math.min(g, b) > 15 && r - g > 15;

/** Statistics of an image already scaled to about 512 pixels on its long side. */
export function measure(image: RawImage): ImageStats {
  const { width, height, data } = image;
  const count = width * height;
  const lum = luminance(image);
  let lumSum = 0;
  let lumSquares = 0;
  let satSum = 0;
  let white = 0;
  let clipped = 0;
  let skin = 0;
  let centre = 0;
  let sky = 0;
  let green = 0;
  let aSum = 0;
  let bSum = 0;
  const lab = new Float64Array(3);
  for (let p = 0; p < count; p++) {
    const r = data[p * 3]!;
    const g = data[p * 3 + 1]!;
    const b = data[p * 3 + 2]!;
    const l = lum[p]! / 255;
    const s = hsvSaturation(r, g, b);
    lumSum += l;
    lumSquares += l * l;
    satSum += s;
    if (l > 0.88 && s < 0.12) white++;
    if (l > 0.985 || l < 0.015) clipped++;
    if (g > r * 1.08 && g > b * 1.05 && s > 0.2) green++;
    rgbToLab(r, g, b, lab);
    aSum += lab[1]!;
    bSum += lab[2]!;
    const x = p % width;
    const y = Math.floor(p / width);
    if (x > width / 3 && x < (2 * width) / 3 && y > height / 4 && y < (3 * height) / 4) {
      centre++;
      if (isSkin(r, g, b)) skin++;
    }
    if (y < height / 3 && s > 0.15 && b > r * 1.1 && b >= g && l > 0.4) sky++;
  }
  const brightness = lumSum / count;
  const castA = aSum / count;
  const castB = bSum / count;
  const colourCast: ColourCast =
    castB > 7
      ? 'warm'
      : castB < -5
        ? 'cool'
        : castA < -5
          ? 'green'
          : castA > 7
            ? 'magenta'
            : 'neutral';
  const gradient = sobel(lum, width, height);
  let edges = 0;
  for (const value of gradient) if (value > 120) edges++;
  return {
    width,
    height,
    brightness,
    contrast: Math.sqrt(Math.max(0, lumSquares / count - brightness ** 2)),
    saturation: satSum / count,
    colourCast,
    castA,
    castB,
    sharpness: laplacianVariance(lum, width, height),
    edgeDensity: edges / count,
    whiteFraction: white / count,
    clipped: clipped / count,
    centreSkin: centre ? skin / centre : 0,
    skyTop: sky / Math.max(1, (width * height) / 3),
    greenery: green / count,
    borderUniformity: borderUniformity(image),
    dominantColours: dominantColours(image),
  };
}

function borderUniformity(image: RawImage): number {
  const { width, height, data } = image;
  const samples: number[] = [];
  for (let x = 0; x < width; x++) samples.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) samples.push(y * width, y * width + width - 1);
  // The median per channel: robust to a subject touching part of the border.
  const median = (channel: number) =>
    samples.map((p) => data[p * 3 + channel]!).sort((m, n) => m - n)[samples.length >> 1]!;
  const r = median(0);
  const g = median(1);
  const b = median(2);
  let close = 0;
  for (const p of samples) {
    const d =
      Math.abs(data[p * 3]! - r) + Math.abs(data[p * 3 + 1]! - g) + Math.abs(data[p * 3 + 2]! - b);
    if (d < 36) close++;
  }
  return close / samples.length;
}
