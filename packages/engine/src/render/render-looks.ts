import { clampByte } from '../colour.ts';
import { scaleOf, sharpen, vignette } from '../operations/effects.ts';
import { splitTone } from '../operations/tone.ts';
import {
  atWorkingSize,
  blurPlane,
  decodeImage,
  encodeJpeg,
  rawPipeline,
  toRaw,
  type RawImage,
} from '../raw-image.ts';
import { bloom, edgeMap, luminance } from '../styles/filters.ts';
import { basicGrade } from '../styles/grades.ts';
import type { VariationParams } from '../variations.ts';

/**
 * What the local engine can honestly do for the render buttons of working areas §2: grade a
 * CAD screenshot toward a presentation render (it cannot invent materials or reflections), and
 * turn an image into the clean line drawing that is step 1 of the two-step render. Step 2 (a
 * photorealistic rendering) and true CAD-to-photo need a hosted model ('render' capability).
 */

/**
 * Local contrast: each pixel pushed away from its wide neighbourhood's lightness, which reads
 * as the soft contact shadows and depth that flat-shaded CAD viewports lack.
 */
async function localContrast(image: RawImage, radius: number, amount: number): Promise<RawImage> {
  const gray = luminance(image);
  const wide = await blurPlane(gray, image.width, image.height, radius);
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let p = 0, i = 0; p < gray.length; p++, i += 3) {
    const delta = (gray[p]! - wide[p]!) * amount;
    out[i] = clampByte(src[i]! + delta);
    out[i + 1] = clampByte(src[i + 1]! + delta);
    out[i + 2] = clampByte(src[i + 2]! + delta);
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * CAD to render, locally: aliased viewport edges softened, depth from local contrast, a filmic
 * S-curve with richer colour, a warm key and cool fill (split tone), glow on the highlights and
 * a gentle vignette, like a studio presentation render.
 */
export async function cadToRenderLook(image: RawImage, p: VariationParams): Promise<RawImage> {
  const k = p.strength;
  const s = scaleOf(image);
  const softened = await toRaw(rawPipeline(image).blur(Math.max(0.3, 0.5 * s)));
  const deep = await localContrast(softened, Math.max(4, 40 * s), 0.45 * k);
  const crisp = await sharpen(deep, 0.3 * k);
  const graded = basicGrade(crisp, {
    contrast: 0.22 * k,
    saturation: 0.25 * k,
    warmth: 0.04 + p.warmth,
    brightness: 0.03,
  });
  const lit = splitTone(graded, [110, 128, 150], [150, 136, 112], 0.35 * k);
  return vignette(await bloom(lit, 0.78, 10 * s, 0.45), 0.22);
}

/**
 * Two-step render, step 1: the image as a clean line drawing for a renderer to follow. Edges
 * of the luminance (Sobel at two scales, weak texture dropped) drawn in dark grey on white,
 * with the broad tones kept as a faint wash so shapes still read.
 */
export function renderSketch(image: RawImage, p: VariationParams): Promise<RawImage> {
  return atWorkingSize(image, 3_000_000, async (img) => {
    const s = scaleOf(img);
    const fine = await edgeMap(img, Math.max(0.7, 1 * s), 0.18);
    const broad = await edgeMap(img, Math.max(1.2, 2.4 * s), 0.12);
    const gray = luminance(img);
    const wash = await blurPlane(gray, img.width, img.height, Math.max(2, 6 * s));
    const out = Buffer.allocUnsafe(img.data.length);
    const weight = 0.9 * p.strength;
    for (let q = 0, i = 0; q < gray.length; q++, i += 3) {
      const line = Math.min(1, Math.max(fine[q]!, 0.6 * broad[q]!) * weight);
      // A wash from 255 (paper) down to about 215 in the darkest areas.
      const paper = 255 - (40 * (255 - wash[q]!)) / 255;
      const v = paper + (35 - paper) * line;
      out[i] = clampByte(v);
      out[i + 1] = clampByte(v);
      out[i + 2] = clampByte(v + 4 * (1 - line));
    }
    return { data: out, width: img.width, height: img.height };
  });
}

/**
 * Multiview's first step (working areas §7): the image centred on a square canvas of its
 * longer side, the margin filled with the colour of its border, so the hosted model gets the
 * whole object and a square frame to lay out four views in.
 */
export async function padToSquare(image: RawImage): Promise<RawImage> {
  const side = Math.max(image.width, image.height);
  if (image.width === image.height) return image;
  const { data, width, height } = image;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
    n++;
  };
  for (let x = 0; x < width; x++) {
    add(x, 0);
    add(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    add(0, y);
    add(width - 1, y);
  }
  const left = Math.floor((side - width) / 2);
  const top = Math.floor((side - height) / 2);
  return toRaw(
    rawPipeline(image).extend({
      top,
      bottom: side - height - top,
      left,
      right: side - width - left,
      background: { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) },
    }),
  );
}

/** padToSquare for an encoded image, as the JPEG a hosted multiview model is sent. */
export async function padImageToSquare(image: Buffer): Promise<Buffer> {
  return encodeJpeg(await padToSquare(await decodeImage(image)), 92);
}
