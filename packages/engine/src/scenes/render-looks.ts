import { clampByte } from '../colour.ts';
import { scaleOf } from '../operations/effects.ts';
import { blurPlane, type RawImage } from '../raw-image.ts';
import { clayToRender } from '../styles/car-looks.ts';
import { bloom, edgeMap } from '../styles/filters.ts';
import type { VariationParams } from '../variations.ts';

/**
 * How a clay model is made to look rendered before it goes onto the studio floor: key light
 * from above, soft occlusion in the creases, glossy highlights. (CAD exports get
 * render/render-looks.ts' grade.)
 */

/** Brighter at the top of the frame, darker at the bottom: one soft key light from above. */
function keyLight(image: RawImage, amount: number): RawImage {
  const { width, height, data } = image;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0; y < height; y++) {
    const f = 1 + amount * (0.5 - y / Math.max(1, height - 1));
    for (let i = y * width * 3; i < (y + 1) * width * 3; i++) out[i] = clampByte(data[i]! * f);
  }
  return { data: out, width, height };
}

/** Darkens where edges crowd together (creases, panel gaps, corners): cheap ambient occlusion. */
async function occlusion(image: RawImage, strength: number): Promise<RawImage> {
  const edges = await edgeMap(image, Math.max(0.8, 1.2 * scaleOf(image)), 0.1);
  const plane = Buffer.allocUnsafe(edges.length);
  for (let p = 0; p < edges.length; p++) plane[p] = clampByte(edges[p]! * 255);
  const spread = await blurPlane(plane, image.width, image.height, Math.max(1, 6 * scaleOf(image)));
  const out = Buffer.allocUnsafe(image.data.length);
  for (let p = 0, i = 0; p < spread.length; p++, i += 3) {
    const k = 1 - strength * (spread[p]! / 255);
    out[i] = clampByte(image.data[i]! * k);
    out[i + 1] = clampByte(image.data[i + 1]! * k);
    out[i + 2] = clampByte(image.data[i + 2]! * k);
  }
  return { data: out, width: image.width, height: image.height };
}

export async function clayToRenderSubject(
  image: RawImage,
  params: VariationParams,
): Promise<RawImage> {
  const graded = await clayToRender(image, params);
  const lit = keyLight(await occlusion(graded, 0.25 * params.strength), 0.22);
  return bloom(lit, 0.8, 6 * scaleOf(image), 0.35);
}
