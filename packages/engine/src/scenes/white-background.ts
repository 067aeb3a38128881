import { clampByte } from '../colour.ts';
import { resizePlane, resizeRaw, type RawImage } from '../raw-image.ts';
import type { VariationParams } from '../variations.ts';
import { castGroundShadow, subjectBox, type Box } from './composite.ts';

/** Where the subject went: output = input scaled by `scale`, then moved by (left, top). */
export interface Placement {
  scale: number;
  left: number;
  top: number;
}

export interface WhiteBackgroundResult {
  image: RawImage;
  /** The matte in the output frame. */
  mask: Buffer;
  placement: Placement;
  /** The white margin kept on every side, in pixels. */
  margin: number;
}

/** White margin per variation, as a fraction of the short side. */
const MARGINS = [0.08, 0.12, 0.06, 0.15];
const SHADOWS = [0.22, 0.3, 0, 0.14];

/**
 * The subject cut out onto pure white, centred, with a white margin on every side (scaled down
 * when it would touch the frame, never up), and a light contact shadow that stays inside the
 * margin. The frame keeps the photo's size.
 */
export async function whiteBackground(
  image: RawImage,
  matte: Buffer,
  params: VariationParams,
): Promise<WhiteBackgroundResult> {
  const { width, height } = image;
  const margin = Math.round(Math.min(width, height) * MARGINS[params.index % MARGINS.length]!);
  const box = subjectBox(matte, width, height) ?? { left: 0, top: 0, right: width, bottom: height };
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const scale = Math.min(1, (width - 2 * margin) / bw, (height - 2 * margin) / bh);
  const left = Math.round((width - bw * scale) / 2 - box.left * scale);
  const top = Math.round((height - bh * scale) / 2 - box.top * scale);
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const scaled = await resizeRaw(image, sw, sh);
  const scaledMatte = scale === 1 ? matte : await resizePlane(matte, width, height, sw, sh);

  const mask = Buffer.alloc(width * height);
  for (let y = Math.max(0, top); y < Math.min(height, top + sh); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, left + sw); x++) {
      mask[y * width + x] = scaledMatte[(y - top) * sw + (x - left)]!;
    }
  }
  let white: RawImage = { data: Buffer.alloc(width * height * 3, 255), width, height };
  const placedBox = subjectBox(mask, width, height);
  const shadow = SHADOWS[params.index % SHADOWS.length]!;
  if (placedBox && shadow > 0) {
    const inner: Box = {
      left: Math.round(margin / 2),
      top: Math.round(margin / 2),
      right: width - Math.round(margin / 2),
      bottom: height - Math.round(margin / 2),
    };
    white = castGroundShadow(white, mask, placedBox, {
      depth: shadow,
      lean: 0,
      colour: [90, 92, 98],
      clip: inner,
    });
  }
  const out = white.data;
  for (let y = Math.max(0, top); y < Math.min(height, top + sh); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, left + sw); x++) {
      const p = y * width + x;
      const a = mask[p]! / 255;
      if (a === 0) continue;
      const i = p * 3;
      const j = ((y - top) * sw + (x - left)) * 3;
      for (let c = 0; c < 3; c++) {
        out[i + c] = clampByte(out[i + c]! + (scaled.data[j + c]! - out[i + c]!) * a);
      }
    }
  }
  return { image: white, mask, placement: { scale, left, top }, margin };
}
