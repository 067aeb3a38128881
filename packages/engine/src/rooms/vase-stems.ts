import { maskBounds } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';

/** Of the vase's height, the band below its topmost row where stems leave its mouth. */
const MOUTH_BAND = 0.15;
/** How far stems may reach: vase heights above its top, vase widths to either side. */
const REACH_UP = 3;
const REACH_SIDE = 2.5;
/**
 * A stem is thin and dark: at most this share of the lightness a grey closing (the light
 * surroundings the stem is laid over) gives it, and darker than that by at least MIN_DROP.
 * The cushions' woven pattern behind the living room's branches stays above half.
 */
const MAX_SHARE = 0.45;
const MIN_DROP = 30;
/**
 * Grown from there, a stem may be fainter (a twig's tip, a pixel wide, is half blended): up
 * to this share and drop. At 0.7 and 15 the growth ran into the cushion's chevrons.
 */
const GO_ON_SHARE = 0.6;
const GO_ON_DROP = 20;
/** Of the vase's width, about twice what the stems are thick where they fork. */
const STEM_WIDTH = 12;
/** Stems with fewer pixels than this share of the vase's are specks, not stems. */
const MIN_SHARE = 0.02;
/** More than this many times the vase's pixels: the growth ran into a dark pattern; none. */
const MAX_RATIO = 3;

/**
 * The stems or dry branches standing in a vase, as pixels to remove with it: thin lines much
 * darker than what lies around them (a grey closing), joined to the vase's mouth and grown
 * from there, within a few vase sizes above it. Null when nothing thin and dark leaves the
 * mouth, or when what does spreads like a pattern rather than stems. `hard` is the vase's
 * outline (1 inside) at the image's size.
 */
export function vaseStems(image: RawImage, hard: Uint8Array): Uint8Array | null {
  const { width, height, data } = image;
  const bounds = maskBounds(hard, width);
  if (!bounds) return null;
  const { x0, x1, y0, y1 } = bounds;
  const vw = x1 - x0 + 1;
  const vh = y1 - y0 + 1;
  const mouth = y0 + Math.max(1, Math.round(vh * MOUTH_BAND));
  const left = Math.max(0, Math.round(x0 - vw * REACH_SIDE));
  const right = Math.min(width - 1, Math.round(x1 + vw * REACH_SIDE));
  const top = Math.max(0, Math.round(y0 - vh * REACH_UP));
  const w = right - left + 1;
  const h = mouth - top + 1;
  if (w < 3 || h < 3) return null;
  // A stem (or a fork of two) is at most about twice this wide: a twelfth of the vase's width.
  const radius = Math.max(2, Math.round(vw / STEM_WIDTH));
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = ((top + y) * width + left + x) * 3;
      luma[y * w + x] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
    }
  const closed = extremeFilter(extremeFilter(luma, w, h, radius, Math.max), w, h, radius, Math.min);
  const dark = (q: number) =>
    closed[q]! - luma[q]! >= MIN_DROP && luma[q]! <= MAX_SHARE * closed[q]!;
  const goOn = (q: number) =>
    closed[q]! - luma[q]! >= GO_ON_DROP && luma[q]! <= GO_ON_SHARE * closed[q]!;
  const inVase = (x: number, y: number) => hard[(top + y) * width + left + x] === 1;

  const stems = new Uint8Array(w * h);
  const stack: number[] = [];
  // Seeds: dark pixels in the mouth's band that touch the vase (a pixel above it or beside it).
  for (let y = Math.max(0, y0 - top - 2); y < h; y++)
    for (let x = 0; x < w; x++) {
      const q = y * w + x;
      if (inVase(x, y) || !dark(q)) continue;
      const touches =
        (y + 1 < h && inVase(x, y + 1)) ||
        (y + 2 < h && inVase(x, y + 2)) ||
        (x > 0 && inVase(x - 1, y)) ||
        (x + 1 < w && inVase(x + 1, y));
      if (!touches) continue;
      stems[q] = 1;
      stack.push(q);
    }
  let count = stack.length;
  while (stack.length > 0) {
    const q = stack.pop()!;
    const x = q % w;
    const y = (q - x) / w;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const n = yy * w + xx;
        if (stems[n] || inVase(xx, yy) || !goOn(n)) continue;
        stems[n] = 1;
        count++;
        stack.push(n);
      }
  }
  let vasePixels = 0;
  for (const v of hard) vasePixels += v;
  if (count < MIN_SHARE * vasePixels || count > MAX_RATIO * vasePixels) return null;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (stems[y * w + x]) out[(top + y) * width + left + x] = 1;
  return out;
}

/** A square max (or min) filter of the given radius, done as two one-dimensional passes. */
function extremeFilter(
  plane: Float32Array,
  w: number,
  h: number,
  radius: number,
  pick: (a: number, b: number) => number,
): Float32Array {
  return linePass(linePass(plane, w, h, radius, pick, 1, 0), w, h, radius, pick, 0, 1);
}

/** The extreme over `radius` neighbours on each side along one axis (dx, dy). */
function linePass(
  plane: Float32Array,
  w: number,
  h: number,
  radius: number,
  pick: (a: number, b: number) => number,
  dx: number,
  dy: number,
): Float32Array {
  const out = new Float32Array(plane.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = plane[y * w + x]!;
      for (let d = -radius; d <= radius; d++) {
        const xx = x + d * dx;
        const yy = y + d * dy;
        if (xx >= 0 && xx < w && yy >= 0 && yy < h) v = pick(v, plane[yy * w + xx]!);
      }
      out[y * w + x] = v;
    }
  return out;
}
