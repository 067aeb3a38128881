import { clampByte, hslToRgb, luma, rgbToHsl, type Rgb } from '../colour.ts';
import { blur, grain, scaleOf, vignette } from '../operations/effects.ts';
import {
  applyCurves,
  applyMatrix,
  brightnessCurve,
  contrastCurve,
  curve,
  multiply,
  saturationMatrix,
  splitTone,
  warmthMatrix,
} from '../operations/tone.ts';
import type { RawImage } from '../raw-image.ts';
import type { VariationParams } from '../variations.ts';
import { bloom, gradientMap } from './filters.ts';

/** A tint colour turned around the hue circle, for variations. */
export function shiftHue(colour: Rgb, degrees: number): Rgb {
  if (degrees === 0) return colour;
  const [h, s, l] = rgbToHsl(...colour);
  return hslToRgb(h + degrees, s, l);
}

/** Faded print: lifted blacks, yellowed highlights, warm and less saturated, vignette, grain. */
export function vintage(image: RawImage, params: VariationParams): RawImage {
  const k = params.strength;
  const toned = applyMatrix(
    image,
    multiply(warmthMatrix(0.35 * k + params.warmth), saturationMatrix(1 - 0.35 * k)),
  );
  const faded = applyCurves(
    toned,
    curve((x) => 0.1 * k + x * (0.96 - 0.1 * k)),
    curve((x) => 0.08 * k + x * (0.93 - 0.08 * k)),
    curve((x) => 0.16 * k + x * (0.82 - 0.1 * k)),
  );
  return grain(vignette(faded, 0.45 * Math.min(1.5, k)), 0.12, params.seed);
}

const CLAY_DARK: Rgb = [78, 62, 54];
const CLAY_LIGHT: Rgb = [238, 226, 212];

/** Clay model: nearly colourless, warm matte clay tones, low contrast, soft. */
export async function clay(image: RawImage, params: VariationParams): Promise<RawImage> {
  const k = params.strength;
  const dark = shiftHue(CLAY_DARK, params.hueShift);
  const light = shiftHue(CLAY_LIGHT, params.hueShift);
  const keep = Math.max(0, 0.18 - 0.08 * (k - 1));
  const src = (await blur(image, 0.9 * k)).data;
  const out = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const l = luma(src[i]!, src[i + 1]!, src[i + 2]!) / 255;
    // Matte: a flattened tone ramp that never reaches black or white.
    const t = 0.12 + 0.8 * (l < 0.5 ? 0.5 * (2 * l) ** 0.8 : 1 - 0.5 * (2 * (1 - l)) ** 0.8);
    for (let c = 0; c < 3; c++) {
      const ramp = dark[c]! + (light[c]! - dark[c]!) * t;
      out[i + c] = clampByte(ramp * (1 - keep) + src[i + c]! * keep);
    }
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * Neon night: hard contrast, then the tones remapped onto a navy-magenta-cyan ramp so any
 * photo takes the palette, with a magenta glow around the highlights.
 */
export async function cyberpunk(image: RawImage, params: VariationParams): Promise<RawImage> {
  const k = params.strength;
  const contrasted = applyCurves(
    applyMatrix(image, saturationMatrix(1.3)),
    contrastCurve(0.35 * k),
  );
  const hue = (colour: Rgb) => shiftHue(colour, params.hueShift);
  const neon = gradientMap(
    contrasted,
    [
      [0, [8, 4, 30]],
      [0.3, hue([70, 20, 140])],
      [0.55, hue([220, 40, 170])],
      [0.8, hue([40, 220, 255])],
      [1, [235, 250, 255]],
    ],
    Math.min(0.9, 0.65 * k),
  );
  return bloom(neon, 0.6, 14 * scaleOf(image), 0.5, hue([255, 60, 200]));
}

/**
 * Film grade: gentle S-curve, slightly muted colour, teal shadows and orange highlights, and
 * letterbox bars toward a 2.39:1 frame (bounded for tall images).
 */
export function cinematic(image: RawImage, params: VariationParams): RawImage {
  const k = params.strength;
  const graded = splitTone(
    applyCurves(applyMatrix(image, saturationMatrix(0.85)), contrastCurve(0.28 * k)),
    shiftHue([30, 120, 150], params.hueShift),
    shiftHue([240, 150, 80], params.hueShift),
    Math.min(1, 0.55 * k),
  );
  const { width, height, data } = graded;
  const ideal = (height - width / 2.39) / 2;
  const bar = Math.round(Math.min(0.14 * height, Math.max(0.06 * height, ideal)));
  data.fill(6, 0, bar * width * 3);
  data.fill(6, (height - bar) * width * 3);
  return graded;
}

/** Shared by the looks that only grade: brightness, contrast, saturation and warmth in one go. */
export function basicGrade(
  image: RawImage,
  grade: { brightness?: number; contrast?: number; saturation?: number; warmth?: number },
): RawImage {
  const matrix = multiply(
    warmthMatrix(grade.warmth ?? 0),
    saturationMatrix(1 + (grade.saturation ?? 0)),
  );
  const brightness = brightnessCurve(grade.brightness ?? 0);
  const contrast = contrastCurve(grade.contrast ?? 0);
  const combined = new Uint8Array(256);
  for (let i = 0; i < 256; i++) combined[i] = contrast[brightness[i]!]!;
  return applyCurves(applyMatrix(image, matrix), combined);
}
