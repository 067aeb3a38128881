import { clampByte } from '../colour.ts';
import { resizeRaw, type RawImage } from '../raw-image.ts';
import type { SceneLight } from './backdrops.ts';

/** The subject's bounding box in pixels (right and bottom exclusive). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Pixels count as subject from half coverage; under 0.3 % of the frame is "nothing found". */
export function subjectBox(mask: Uint8Array, width: number, height: number): Box | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (mask[p]! < 128) continue;
      count++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (count < width * height * 0.003) return null;
  return { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * The model leaves faint values in the background and just under full in the subject; both
 * would show (a ghost of the old background, a see-through subject), so the ends are clamped.
 */
export function cleanMatte(matte: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(matte.length);
  for (let p = 0; p < matte.length; p++) out[p] = clampByte(((matte[p]! - 16) * 255) / 224);
  return out;
}

/**
 * Whether the model found a subject with a solid body. A clean matte is mostly opaque with a thin
 * soft rim (product shots, people, animals: under 15 % of the matte's pixels are in between); a
 * matte mostly in between (a motion-blurred close-up, smoke, a room) would paste a see-through
 * ghost of the photo onto the backdrop.
 */
export function hasSolidSubject(mask: Uint8Array): boolean {
  let solid = 0;
  let between = 0;
  for (let p = 0; p < mask.length; p++) {
    const v = mask[p]!;
    if (v >= 215) solid++;
    else if (v >= 40) between++;
  }
  return solid > 0 && between / (solid + between) < 0.4;
}

/** Fraction of the frame the subject covers. */
export function coverage(mask: Uint8Array): number {
  let sum = 0;
  for (let p = 0; p < mask.length; p++) sum += mask[p]!;
  return sum / 255 / Math.max(1, mask.length);
}

export interface ShadowOptions {
  depth: number;
  lean: number;
  colour: SceneLight['shadow'];
  /** Rows and columns the shadow may not reach (White BG keeps its border white). */
  clip?: Box;
}

/**
 * A ground shadow under the subject: a tight contact shadow along the subject's lowest edge in
 * each column (so it follows wheels, a saucer's rim, feet), a softer ambient one just below it,
 * and with a low sun a longer cast shadow leaning away from the light.
 */
export function castGroundShadow(
  ground: RawImage,
  mask: Uint8Array,
  box: Box,
  options: ShadowOptions,
): RawImage {
  const { width, height } = ground;
  const bh = box.bottom - box.top;
  // Lowest subject row per column (-1 where the column has no subject).
  const lowest = new Float32Array(width).fill(-1);
  for (let x = box.left; x < box.right; x++) {
    for (let y = box.bottom - 1; y >= box.top; y--) {
      if (mask[y * width + x]! >= 128) {
        lowest[x] = y + 1;
        break;
      }
    }
  }
  const present = Float32Array.from(lowest, (y) => (y >= 0 ? 1 : 0));
  const radius = Math.max(2, Math.round((box.right - box.left) * 0.03));
  const soft = boxBlur1d(boxBlur1d(present, radius), radius);
  const contact = Math.max(1, bh * 0.012);
  const ambient = Math.max(2, bh * 0.045);
  const cast = Math.max(2, bh * 0.35);
  const reach = Math.ceil(box.bottom + Math.max(ambient * 3, cast * Math.abs(options.lean) * 2));
  const clip = options.clip ?? { left: 0, top: 0, right: width, bottom: height };
  const out = Buffer.from(ground.data);
  const [sr, sg, sb] = options.colour;
  const y0 = Math.max(clip.top, box.top + Math.floor(bh * 0.5));
  for (let y = y0; y < Math.min(reach, clip.bottom); y++) {
    const belowBox = Math.max(0, y - box.bottom);
    const kCast = options.lean ? 0.45 * Math.abs(options.lean) * Math.exp(-belowBox / cast) : 0;
    for (let x = clip.left; x < clip.right; x++) {
      let s = 0;
      const base = lowest[x]!;
      if (base >= 0) {
        const dy = y - base;
        if (dy > -contact * 2) {
          s += Math.exp(-((dy / contact) ** 2));
          if (dy > 0) s += 0.5 * soft[x]! * Math.exp(-((dy / ambient) ** 2));
        }
      }
      if (kCast && belowBox > 0) {
        const shifted = Math.round(x - options.lean * belowBox * 1.6);
        if (shifted >= 0 && shifted < width) s += soft[shifted]! * kCast;
      }
      s = Math.min(1, s) * options.depth;
      if (s < 0.004) continue;
      const i = (y * width + x) * 3;
      out[i] = clampByte(out[i]! * (1 - s + (s * sr) / 255));
      out[i + 1] = clampByte(out[i + 1]! * (1 - s + (s * sg) / 255));
      out[i + 2] = clampByte(out[i + 2]! * (1 - s + (s * sb) / 255));
    }
  }
  return { data: out, width, height };
}

function boxBlur1d(values: Float32Array, radius: number): Float32Array {
  const out = new Float32Array(values.length);
  let sum = 0;
  const span = radius * 2 + 1;
  for (let i = -radius; i < values.length + radius; i++) {
    sum += values[i + radius] ?? 0;
    sum -= values[i - radius - 1] ?? 0;
    if (i >= 0 && i < values.length) out[i] = sum / span;
  }
  return out;
}

/**
 * Subject over backdrop by the matte. `reflection` (0..1) mirrors the subject on a glossy floor
 * below its lowest point, fading with distance (studio floors, wet roads).
 */
export function blendOver(
  backdrop: RawImage,
  subject: RawImage,
  mask: Uint8Array,
  box: Box | null,
  reflection = 0,
): RawImage {
  const { width, height } = backdrop;
  const out = Buffer.from(backdrop.data);
  const s = subject.data;
  if (box && reflection > 0) {
    const depth = (box.bottom - box.top) * 0.3;
    for (let y = box.bottom; y < Math.min(height, box.bottom + depth); y++) {
      const source = 2 * box.bottom - y - 1;
      if (source < 0) break;
      const fade = reflection * (1 - (y - box.bottom) / depth);
      for (let x = box.left; x < box.right; x++) {
        const a = (mask[source * width + x]! / 255) * fade;
        if (a <= 0) continue;
        const i = (y * width + x) * 3;
        const j = (source * width + x) * 3;
        for (let c = 0; c < 3; c++)
          out[i + c] = clampByte(out[i + c]! + (s[j + c]! - out[i + c]!) * a);
      }
    }
  }
  for (let p = 0, i = 0; p < mask.length; p++, i += 3) {
    const a = mask[p]!;
    if (a === 0) continue;
    if (a === 255) {
      out[i] = s[i]!;
      out[i + 1] = s[i + 1]!;
      out[i + 2] = s[i + 2]!;
      continue;
    }
    const t = a / 255;
    out[i] = clampByte(out[i]! + (s[i]! - out[i]!) * t);
    out[i + 1] = clampByte(out[i + 1]! + (s[i + 1]! - out[i + 1]!) * t);
    out[i + 2] = clampByte(out[i + 2]! + (s[i + 2]! - out[i + 2]!) * t);
  }
  return { data: out, width, height };
}

/** A backdrop painted at working size, brought to the photo's size. */
export function toFullSize(backdrop: RawImage, width: number, height: number): Promise<RawImage> {
  return resizeRaw(backdrop, width, height);
}

/** A flat colour behind the subject ("make the background blue"), by the model's matte. */
export function backgroundBehindSubject(
  image: RawImage,
  matte: Uint8Array,
  colour: readonly [number, number, number],
): RawImage {
  const plain = Buffer.allocUnsafe(image.data.length);
  for (let i = 0; i < plain.length; i += 3) {
    plain[i] = colour[0];
    plain[i + 1] = colour[1];
    plain[i + 2] = colour[2];
  }
  const backdrop = { data: plain, width: image.width, height: image.height };
  return blendOver(backdrop, image, cleanMatte(matte), null);
}
