import { clampByte, parseHex, type Rgb } from '../colour.ts';
import { scaleOf, sharpen } from '../operations/effects.ts';
import {
  applyCurves,
  applyMatrix,
  curve,
  multiply,
  saturationMatrix,
  warmthMatrix,
} from '../operations/tone.ts';
import { atWorkingSize, blurPlane, rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import type { VariationParams } from '../variations.ts';
import { applyTexture, edgeMap, inkEdges, luminance, percentile, texture } from './filters.ts';
import { kuwahara } from './kuwahara.ts';

// Neighbourhood filters run on a copy of about this size: the look scales with the image and a
// 12-megapixel photo costs what a 2-megapixel one does.
const WORK_PIXELS = 2_000_000;

/**
 * Pencil drawing: a colour-dodge of the image by its blurred negative (graphite that is dark
 * only where tones change), deepened along Sobel edges, on warm paper with a faint tooth.
 */
export function sketch(image: RawImage, params: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, 3_000_000, async (img) => {
    const { width, height } = img;
    const s = scaleOf(img);
    const gray = luminance(img);
    const negative = Buffer.allocUnsafe(gray.length);
    for (let i = 0; i < gray.length; i++) negative[i] = 255 - gray[i]!;
    const blurredNegative = await blurPlane(negative, width, height, Math.max(2, 5 * s));
    const edges = await edgeMap(img, Math.max(0.8, 1.1 * s), 0.12);
    const paper = await texture(width, height, params.seed, 0.6, 5 * s);
    const lineWeight = 0.55 * params.strength;
    const depth = 1.4 + 0.4 * params.strength;
    const out = Buffer.allocUnsafe(img.data.length);
    for (let p = 0, i = 0; p < gray.length; p++, i += 3) {
      const dodge = Math.min(1, gray[p]! / (256 - blurredNegative[p]!));
      const shade = 0.88 + (0.12 * gray[p]!) / 255;
      const line = 1 - Math.min(0.85, edges[p]! * lineWeight);
      const tooth = 1 + (0.05 * (paper[p]! - 128)) / 128;
      const v = dodge ** depth * shade * line * tooth;
      out[i] = clampByte(250 * v);
      out[i + 1] = clampByte(247 * v);
      out[i + 2] = clampByte(240 * v);
    }
    return { data: out, width, height };
  });
}

const POP_PALETTES: readonly (readonly string[])[] = [
  ['#1b1464', '#ed1e79', '#29abe2', '#fcee21'],
  ['#2e0854', '#ff3b3f', '#ffb400', '#fff6a0'],
  ['#0b3d2e', '#00a651', '#ff6ec7', '#fff200'],
  ['#101010', '#0054a6', '#f7941d', '#f9ed32'],
];

/**
 * Pop art: tones posterised into four equal-area bands, each painted with a flat, saturated
 * colour, Ben-Day dots in one band, bold black outlines.
 */
export function popArt(image: RawImage, params: VariationParams): Promise<RawImage> {
  const palette = POP_PALETTES[params.index % POP_PALETTES.length]!.map(parseHex);
  return atWorkingSize(image, WORK_PIXELS, async (img) => {
    const { width, height } = img;
    const s = scaleOf(img);
    const smooth = await blurPlane(luminance(img), width, height, Math.max(0.8, 1.5 * s));
    const cuts = [0.25, 0.5, 0.75].map((q) => percentile(smooth, q));
    const edges = await edgeMap(img, Math.max(1, 1.8 * s), 0.3);
    const spacing = Math.max(4, Math.round(9 * s));
    const dotRadius = spacing * 0.32;
    const out = Buffer.allocUnsafe(img.data.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        const v = smooth[p]!;
        let band = v < cuts[0]! ? 0 : v < cuts[1]! ? 1 : v < cuts[2]! ? 2 : 3;
        if (band === 2) {
          const dx = (x % spacing) - spacing / 2;
          const dy = (y % spacing) - spacing / 2;
          if (dx * dx + dy * dy < dotRadius * dotRadius) band = 1;
        }
        const colour: Rgb = edges[p]! * params.strength > 0.45 ? [12, 12, 12] : palette[band]!;
        out[p * 3] = colour[0];
        out[p * 3 + 1] = colour[1];
        out[p * 3 + 2] = colour[2];
      }
    }
    return { data: out, width, height };
  });
}

/**
 * Watercolour: colours simplified into soft washes, lighter and more transparent, pigment
 * pooling darker along the edges of each wash, on textured paper that shows at the margins.
 */
export function watercolor(image: RawImage, params: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, 1_500_000, async (img) => {
    const { width, height } = img;
    const s = scaleOf(img);
    const wash = await toRaw(
      rawPipeline(img)
        .median(Math.max(3, Math.round(3 * s) | 1))
        .blur(Math.max(1, 2 * s * params.strength)),
    );
    const simplified = kuwahara(wash, Math.max(2, 3 * s));
    const transparent = applyCurves(
      applyMatrix(simplified, saturationMatrix(1.2)),
      curve((x) => 1 - (1 - x) * 0.8),
    );
    const edges = await edgeMap(simplified, Math.max(1, 1.5 * s), 0.1);
    const paper = await texture(width, height, params.seed, 0.8, 10 * s);
    const edgeNoise = await texture(width, height, params.seed + 1, 3 * s, 12 * s);
    const margin = Math.max(6, Math.min(width, height) * 0.035);
    const out = Buffer.allocUnsafe(img.data.length);
    const src = transparent.data;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        const i = p * 3;
        const pool = 1 - 0.3 * edges[p]!;
        const grainy = 1 + (0.08 * (paper[p]! - 128)) / 128;
        // The wash stops short of the paper's edge, with a ragged, texture-driven border.
        const border = Math.min(x, y, width - 1 - x, height - 1 - y);
        const ragged = border / margin + (edgeNoise[p]! - 128) / 60;
        const onPaper = Math.max(0, Math.min(1, ragged - 0.4));
        for (let c = 0; c < 3; c++) {
          const pigment = src[i + c]! * pool * grainy;
          const paperTone = [247, 244, 236][c]! * grainy;
          out[i + c] = clampByte(paperTone + (pigment - paperTone) * onPaper);
        }
      }
    }
    return { data: out, width, height };
  });
}

/** Oil paint: a generalised Kuwahara filter (strokes of one colour), richer colour, canvas weave. */
export function oilPaint(image: RawImage, params: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, WORK_PIXELS, async (img) => {
    const s = scaleOf(img);
    const radius = Math.round(Math.min(14, Math.max(3, 4.5 * s * params.strength)));
    const strokes = kuwahara(img, radius);
    // Richer pigment under a slightly warm varnish.
    const rich = applyCurves(
      applyMatrix(strokes, multiply(warmthMatrix(0.12), saturationMatrix(1.35))),
      curve((x) => (x < 0.5 ? 0.5 * (2 * x) ** 1.15 : 1 - 0.5 * (2 * (1 - x)) ** 1.15)),
    );
    const canvas = await texture(img.width, img.height, params.seed, 0.5, 1.2 * s);
    return sharpen(applyTexture(rich, canvas, 0.06), 0.5);
  });
}

/**
 * Anime: colours flattened (Kuwahara, then lightness quantised into cel-shading steps),
 * brighter and more saturated, with dark ink outlines.
 */
export function anime(image: RawImage, params: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, WORK_PIXELS, async (img) => {
    const s = scaleOf(img);
    const flat = kuwahara(img, Math.max(2, 3 * s));
    const steps = 5;
    const src = flat.data;
    const cel = Buffer.allocUnsafe(src.length);
    for (let i = 0; i < src.length; i += 3) {
      const l = 0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!;
      const stepped = (Math.round((l / 255) * steps) / steps) * 255;
      const gain = (0.35 * l + 0.65 * stepped + 12) / (l + 12);
      cel[i] = clampByte(src[i]! * gain);
      cel[i + 1] = clampByte(src[i + 1]! * gain);
      cel[i + 2] = clampByte(src[i + 2]! * gain);
    }
    const vivid = applyCurves(
      applyMatrix({ ...flat, data: cel }, saturationMatrix(1.45)),
      curve((x) => x ** 0.85),
    );
    const edges = await edgeMap(flat, Math.max(0.8, 1.2 * s), 0.28);
    return inkEdges(vivid, edges, 0.9 * params.strength, [28, 22, 40]);
  });
}
