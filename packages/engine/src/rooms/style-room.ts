import { clampByte, luma } from '../colour.ts';
import { blurPlane, type RawImage } from '../raw-image.ts';
import { ROOM_LOOKS, type RoomLook, type RoomStyle } from './room-styles.ts';

/** The emptied room, the photo it came from and what was taken out: what a style is laid on. */
export interface RoomLayers {
  original: RawImage;
  emptied: RawImage;
  /** 1 where furniture was removed (the removal mask), at the images' size. */
  mask: Uint8Array;
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/**
 * Where the walls meet the floor, as a fraction of the height: the strongest change of the
 * rows' mean colour between 45 % and 85 % of the height (the skirting line of most room
 * photos), else two thirds down.
 */
export function estimateFloorLine(image: RawImage): number {
  const { width, height, data } = image;
  const means = new Float64Array(height * 3);
  const step = Math.max(1, Math.floor(width / 256));
  for (let y = 0; y < height; y++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 3;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      n++;
    }
    means[y * 3] = r / n;
    means[y * 3 + 1] = g / n;
    means[y * 3 + 2] = b / n;
  }
  const gap = Math.max(2, Math.round(height / 30));
  let best = 0;
  let bestRow = Math.round(height * 0.66);
  for (let y = Math.round(height * 0.45); y < Math.round(height * 0.85) - gap; y++) {
    let change = 0;
    for (let c = 0; c < 3; c++) change += Math.abs(means[(y + gap) * 3 + c]! - means[y * 3 + c]!);
    if (change > best) {
      best = change;
      bestRow = y + gap / 2;
    }
  }
  return best > 12 ? bestRow / height : 0.66;
}

/**
 * The furniture itself, not the whole removal mask: the mask is a grown box, and where the
 * fill put back what was there (wall behind a chair's legs) the pixel belongs to the room.
 * A pixel counts as furniture as far as the fill changed it; edges are softened so restyled
 * pieces sit in the room without a seam.
 */
export async function furnitureMatte(layers: RoomLayers): Promise<Buffer> {
  const { width, height } = layers.emptied;
  const a = layers.original.data;
  const b = layers.emptied.data;
  const plane = new Uint8Array(layers.mask.length);
  for (let p = 0; p < plane.length; p++) {
    if (!layers.mask[p]) continue;
    const i = p * 3;
    const change =
      Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    plane[p] = Math.round(255 * smoothstep(24, 72, change));
  }
  return blurPlane(plane, width, height, Math.max(1.2, Math.min(width, height) / 300));
}

/**
 * One style laid on the room with sharp-free pixel arithmetic in a single pass: walls and floor
 * of the emptied room take on the style's colours (luminance kept, so shading and texture
 * stay), the removed furniture comes back in the style's material tone, then the style's light
 * (white balance, exposure, contrast, saturation, daylight from a window, vignette).
 */
export async function applyRoomLook(
  layers: RoomLayers,
  style: RoomStyle,
  floorLine = estimateFloorLine(layers.emptied),
): Promise<RawImage> {
  const look: RoomLook = ROOM_LOOKS[style];
  const { width, height } = layers.emptied;
  const src = layers.emptied.data;
  const orig = layers.original.data;
  const soft = await furnitureMatte(layers);
  const out = Buffer.allocUnsafe(src.length);
  const wallLuma = Math.max(1, luma(...look.wall));
  const floorLuma = Math.max(1, luma(...look.floor));
  const furnLuma = Math.max(1, luma(...look.furniture));
  const [liftA, liftB] = look.furnitureLift;
  const cx = width / 2;
  const cy = height / 2;
  const maxD = Math.hypot(cx, cy);
  for (let y = 0; y < height; y++) {
    const floorW = smoothstep(floorLine - 0.06, floorLine + 0.06, y / height);
    const strength = look.wallStrength + (look.floorStrength - look.wallStrength) * floorW;
    const tr =
      look.wall[0] / wallLuma + (look.floor[0] / floorLuma - look.wall[0] / wallLuma) * floorW;
    const tg =
      look.wall[1] / wallLuma + (look.floor[1] / floorLuma - look.wall[1] / wallLuma) * floorW;
    const tb =
      look.wall[2] / wallLuma + (look.floor[2] / floorLuma - look.wall[2] / wallLuma) * floorW;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const i = p * 3;
      let r = src[i]!;
      let g = src[i + 1]!;
      let b = src[i + 2]!;
      const l = luma(r, g, b);
      r += (tr * l - r) * strength;
      g += (tg * l - g) * strength;
      b += (tb * l - b) * strength;
      const m = soft[p]! / 255;
      if (m > 0) {
        const r0 = orig[i]!;
        const g0 = orig[i + 1]!;
        const b0 = orig[i + 2]!;
        const l1 = (liftA + (liftB * luma(r0, g0, b0)) / 255) * 255;
        const s = look.furnitureStrength;
        const fr = r0 + ((look.furniture[0] / furnLuma) * l1 - r0) * s;
        const fg = g0 + ((look.furniture[1] / furnLuma) * l1 - g0) * s;
        const fb = b0 + ((look.furniture[2] / furnLuma) * l1 - b0) * s;
        r += (fr - r) * m;
        g += (fg - g) * m;
        b += (fb - b) * m;
      }
      const left = 1 - x / width;
      const light =
        look.exposure *
        (1 + look.daylight * left * left * (1 - 0.5 * floorW)) *
        (1 - look.vignette * (Math.hypot(x - cx, y - cy) / maxD) ** 2);
      r = (r * look.light[0] * light - 128) * look.contrast + 128;
      g = (g * look.light[1] * light - 128) * look.contrast + 128;
      b = (b * look.light[2] * light - 128) * look.contrast + 128;
      const l2 = luma(r, g, b);
      out[i] = clampByte(l2 + (r - l2) * look.saturation);
      out[i + 1] = clampByte(l2 + (g - l2) * look.saturation);
      out[i + 2] = clampByte(l2 + (b - l2) * look.saturation);
    }
  }
  return { data: out, width, height };
}
