import { clampByte, mix, type Rgb } from '../colour.ts';
import type { Mask } from '../masks/mask.ts';
import { luminance } from '../styles/filters.ts';
import { blurPlane, type RawImage } from '../raw-image.ts';
import type { SkyLook } from '../prompt/interpret.ts';
import { applyOperationsRaw } from './apply.ts';
import { applyInMask } from './masked.ts';

/** Colour stops from the top of the sky to the horizon. */
const GRADIENTS: Record<Exclude<SkyLook, 'dramatic'>, readonly Rgb[]> = {
  sunset: [
    [58, 52, 110],
    [176, 82, 112],
    [240, 128, 70],
    [255, 196, 110],
  ],
  clear: [
    [46, 104, 190],
    [92, 150, 220],
    [170, 206, 240],
  ],
  night: [
    [6, 9, 24],
    [18, 26, 60],
    [44, 52, 92],
  ],
};

function gradientAt(stops: readonly Rgb[], t: number): Rgb {
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  return mix(stops[i]!, stops[i + 1]!, x - i);
}

/**
 * A new sky painted into the sky's mask: a graded sky from the top of the sky to its lowest
 * point, keeping the old sky's small-scale light and dark (clouds, haze) so it does not look
 * pasted flat. "Dramatic" keeps the sky and deepens it: darker, more contrast and colour.
 */
export async function restyleSky(
  image: RawImage,
  sky: Mask,
  look: SkyLook,
  strength = 1,
): Promise<RawImage> {
  if (look === 'dramatic') {
    return applyInMask(image, sky, (part) =>
      applyOperationsRaw(part, [
        { kind: 'contrast', amount: 0.45 * strength },
        { kind: 'brightness', amount: -0.22 * strength },
        { kind: 'saturation', amount: 0.3 * strength },
      ]),
    );
  }
  const stops = GRADIENTS[look];
  return applyInMask(image, sky, async (part) => {
    const { width, height } = part;
    const light = luminance(part);
    const smooth = await blurPlane(light, width, height, Math.max(4, width / 60));
    const out = Buffer.allocUnsafe(part.data.length);
    for (let y = 0; y < height; y++) {
      const base = gradientAt(stops, y / Math.max(1, height - 1));
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        const detail = (light[p]! - smooth[p]!) * 0.7 * strength;
        out[p * 3] = clampByte(base[0] + detail);
        out[p * 3 + 1] = clampByte(base[1] + detail);
        out[p * 3 + 2] = clampByte(base[2] + detail);
      }
    }
    return { width, height, data: out };
  });
}
