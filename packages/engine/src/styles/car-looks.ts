import { clampByte } from '../colour.ts';
import { findBorderRegion, recolourRegion } from '../operations/background.ts';
import { blur, scaleOf, sharpen, vignette } from '../operations/effects.ts';
import { splitTone } from '../operations/tone.ts';
import { atWorkingSize, type RawImage } from '../raw-image.ts';
import type { VariationParams } from '../variations.ts';
import { edgeMap, inkEdges, luminance, mixImages, verticalWash, bloom } from './filters.ts';
import { basicGrade, shiftHue } from './grades.ts';

/**
 * The car presets' colour and lighting looks. Scene presets (beach, forest, desert, ...) grade
 * the whole photograph toward the scene's light; putting the car into a new scene needs the
 * background-removal model that a later provider brings.
 */

/** Clay model toward a finished render: clarity, contrast, rich colour, glossy highlights. */
export async function clayToRender(image: RawImage, p: VariationParams): Promise<RawImage> {
  const k = p.strength;
  const clarity = await sharpen(image, 0.4 * k);
  const graded = basicGrade(clarity, {
    contrast: 0.3 * k,
    saturation: 0.35 * k,
    warmth: 0.05 + p.warmth,
    brightness: 0.05,
  });
  return vignette(await bloom(graded, 0.75, 8 * scaleOf(image), 0.5), 0.25);
}

/** Designer's marker sketch: blue-grey pencil construction lines and ink outlines on white. */
export function carSketch(image: RawImage, p: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, 3_000_000, async (img) => {
    const s = scaleOf(img);
    const gray = luminance(img);
    const paper = Buffer.allocUnsafe(img.data.length);
    for (let q = 0, i = 0; q < gray.length; q++, i += 3) {
      // Light marker shading in three flat greys.
      const g = gray[q]!;
      const tone = g < 70 ? 150 : g < 140 ? 200 : 250;
      paper[i] = tone - 6;
      paper[i + 1] = tone - 2;
      paper[i + 2] = tone;
    }
    const base = { data: paper, width: img.width, height: img.height };
    const soft = await edgeMap(img, Math.max(1, 2.5 * s), 0.08);
    const crisp = await edgeMap(img, Math.max(0.6, 0.8 * s), 0.3);
    const construction = inkEdges(base, soft, 0.5 * p.strength, [60, 90, 160]);
    return inkEdges(construction, crisp, 1.1 * p.strength, [15, 20, 35]);
  });
}

/** The plain background around the subject, lifted to white (studio cut-out look). */
export async function whiteBackground(image: RawImage, p: VariationParams): Promise<RawImage> {
  const region = await findBorderRegion(image);
  const white = recolourRegion(image, region, [255, 255, 255], 0.12 / p.strength);
  return basicGrade(white, { brightness: 0.06, contrast: 0.08 });
}

/** High-key seaside light: airy, soft contrast, turquoise shadows, warm sand highlights. */
export function beach(image: RawImage, p: VariationParams): RawImage {
  const graded = basicGrade(image, {
    brightness: 0.3 * p.strength,
    contrast: -0.12,
    saturation: 0.15,
    warmth: 0.15 + p.warmth,
  });
  return splitTone(
    graded,
    shiftHue([20, 170, 180], p.hueShift),
    shiftHue([255, 225, 170], p.hueShift),
    0.5,
  );
}

export async function carCyberpunk(image: RawImage, p: VariationParams): Promise<RawImage> {
  const k = p.strength;
  const dark = basicGrade(image, { brightness: -0.35 * k, contrast: 0.5, saturation: 0.5 });
  const toned = splitTone(
    dark,
    shiftHue([120, 0, 140], p.hueShift),
    shiftHue([255, 70, 190], p.hueShift),
    Math.min(1, 0.8 * k),
  );
  return bloom(toned, 0.5, 10 * scaleOf(image), 0.8, shiftHue([60, 220, 255], p.hueShift));
}

export function sunset(image: RawImage, p: VariationParams): RawImage {
  const k = p.strength;
  const warm = basicGrade(image, { warmth: 0.5 * k + p.warmth, contrast: 0.15, saturation: 0.15 });
  const sky = verticalWash(warm, shiftHue([255, 120, 60], p.hueShift), (y) =>
    Math.max(0, 0.38 * k * (1 - y * 1.4)),
  );
  return vignette(splitTone(sky, [70, 40, 110], [255, 190, 110], 0.4), 0.35);
}

export async function fog(image: RawImage, p: VariationParams): Promise<RawImage> {
  const k = p.strength;
  const soft = await blur(basicGrade(image, { contrast: -0.35, saturation: -0.45 }), 1.2 * k);
  return verticalWash(soft, [214, 219, 224], (y) => Math.min(0.85, k * (0.6 - 0.3 * y)));
}

export function forest(image: RawImage, p: VariationParams): RawImage {
  const k = p.strength;
  const graded = basicGrade(image, { brightness: -0.12 * k, contrast: 0.15, warmth: p.warmth });
  const toned = splitTone(
    graded,
    shiftHue([30, 110, 60], p.hueShift),
    shiftHue([200, 230, 140], p.hueShift),
    Math.min(1, 0.6 * k),
  );
  return vignette(toned, 0.35);
}

export function desert(image: RawImage, p: VariationParams): RawImage {
  const k = p.strength;
  const graded = basicGrade(image, {
    brightness: 0.12,
    warmth: 0.45 * k + p.warmth,
    saturation: -0.15,
    contrast: 0.1,
  });
  return verticalWash(graded, shiftHue([232, 200, 150], p.hueShift), () => 0.18 * k);
}

/** California highway: sunny, saturated, blue shadows, golden highlights, a touch faded. */
export function caHighway(image: RawImage, p: VariationParams): RawImage {
  const k = p.strength;
  const graded = basicGrade(image, {
    brightness: 0.05,
    contrast: 0.35 * k,
    saturation: 0.4 * k,
    warmth: 0.2 + p.warmth,
  });
  return splitTone(
    graded,
    shiftHue([70, 110, 200], p.hueShift),
    shiftHue([255, 215, 120], p.hueShift),
    0.5,
  );
}

/** Seaside car park at midday: cool, bright, crisp, hazy at the horizon. */
export function beachLot(image: RawImage, p: VariationParams): RawImage {
  const k = p.strength;
  const graded = basicGrade(image, {
    brightness: 0.22 * k,
    warmth: -0.25 * k + p.warmth,
    contrast: 0.12,
    saturation: 0.05,
  });
  return verticalWash(graded, shiftHue([225, 240, 248], p.hueShift), (y) =>
    Math.max(0, 0.25 * (1 - 2 * Math.abs(y - 0.35))),
  );
}

/** Night: dark and blue, lights kept and glowing warm, dark corners. */
export async function nightScene(image: RawImage, p: VariationParams): Promise<RawImage> {
  const k = p.strength;
  const src = image.data;
  const dark = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const l = (0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!) / 255;
    // Only real light sources stay bright: the darkening eases off above 80 % luminance.
    const keep = l > 0.8 ? 0.35 + ((l - 0.8) / 0.2) * 0.5 : 0.35 - 0.12 * (k - 1);
    dark[i] = clampByte(src[i]! * keep * 0.8);
    dark[i + 1] = clampByte(src[i + 1]! * keep * 0.9);
    dark[i + 2] = clampByte(src[i + 2]! * keep * 1.25 + 10);
  }
  const base = { data: dark, width: image.width, height: image.height };
  const lit = await bloom(base, 0.45, 12 * scaleOf(image), 0.9, [255, 200, 130]);
  return vignette(mixImages(lit, basicGrade(lit, { saturation: -0.3 }), 0.5), 0.5);
}

export function brighten(image: RawImage, p: VariationParams): RawImage {
  return basicGrade(image, { brightness: 0.3 * p.strength, contrast: 0.05 });
}

export function sharpenLook(image: RawImage, p: VariationParams): Promise<RawImage> {
  return sharpen(image, 0.7 * p.strength);
}
