import { clampByte, type Rgb } from '../colour.ts';
import { blurPlane, resizePlane, shrinkToPixels, type RawImage } from '../raw-image.ts';

/**
 * The local stand-in for background segmentation: the region that touches the image border and
 * stays close to the border's dominant colour, grown by flood fill on a small copy (so it stops
 * at the subject's outline), then scaled up and feathered. It finds plain studio, wall and sky
 * backgrounds; busy scenes need the segmentation model that a later provider brings.
 */
export interface BorderRegion {
  /** Full-size, one byte per pixel: 255 background, 0 subject, soft in between. */
  mask: Buffer;
  dominant: Rgb;
  /** Fraction of the image that is background. */
  coverage: number;
}

const WORK_PIXELS = 256 * 256;
// A step to a neighbour may change the colour this much (gentle shading passes)...
const STEP_TOLERANCE = 14;
// ...and the colour may drift this far from the dominant border colour in total.
const TOTAL_TOLERANCE = 60;

function dominantBorderColour(small: RawImage): Rgb {
  const { width, height, data } = small;
  const bins = new Map<number, { count: number; r: number; g: number; b: number }>();
  const visit = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bin = bins.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bin.count++;
    bin.r += r;
    bin.g += g;
    bin.b += b;
    bins.set(key, bin);
  };
  for (let x = 0; x < width; x++) {
    visit(x, 0);
    visit(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(0, y);
    visit(width - 1, y);
  }
  let best = { count: 0, r: 0, g: 0, b: 0 };
  for (const bin of bins.values()) if (bin.count > best.count) best = bin;
  return [best.r / best.count, best.g / best.count, best.b / best.count];
}

function floodFromBorder(small: RawImage, dominant: Rgb): Uint8Array {
  const { width, height, data } = small;
  const mask = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  const distance = (i: number, r: number, g: number, b: number) => {
    const dr = data[i * 3]! - r;
    const dg = data[i * 3 + 1]! - g;
    const db = data[i * 3 + 2]! - b;
    return Math.sqrt(dr * dr + dg * dg + db * db);
  };
  const closeToDominant = (i: number) =>
    distance(i, dominant[0], dominant[1], dominant[2]) <= TOTAL_TOLERANCE;
  const seed = (i: number) => {
    if (!mask[i] && closeToDominant(i)) {
      mask[i] = 255;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    const r = data[i * 3]!;
    const g = data[i * 3 + 1]!;
    const b = data[i * 3 + 2]!;
    const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
    for (const n of neighbours) {
      if (n < 0 || n >= mask.length || mask[n]) continue;
      if (distance(n, r, g, b) <= STEP_TOLERANCE && closeToDominant(n)) {
        mask[n] = 255;
        queue[tail++] = n;
      }
    }
  }
  return mask;
}

export async function findBorderRegion(image: RawImage): Promise<BorderRegion> {
  const small = await shrinkToPixels(image, WORK_PIXELS);
  const dominant = dominantBorderColour(small);
  const hard = floodFromBorder(small, dominant);
  let covered = 0;
  for (const value of hard) if (value) covered++;
  const soft = await blurPlane(hard, small.width, small.height, 1.2);
  const mask = await resizePlane(soft, small.width, small.height, image.width, image.height);
  return { mask, dominant, coverage: covered / hard.length };
}

/**
 * Blends the background region toward `target`. `keepShading` (0..1) carries over how much each
 * pixel differs from the old plain colour, so shadows and folds survive the recolouring.
 */
export function recolourRegion(
  image: RawImage,
  region: BorderRegion,
  target: Rgb,
  keepShading = 0.35,
): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  const [dr, dg, db] = region.dominant;
  for (let p = 0, i = 0; p < region.mask.length; p++, i += 3) {
    const m = region.mask[p]! / 255;
    const r = src[i]!;
    const g = src[i + 1]!;
    const b = src[i + 2]!;
    out[i] = clampByte(r + (target[0] + (r - dr) * keepShading - r) * m);
    out[i + 1] = clampByte(g + (target[1] + (g - dg) * keepShading - g) * m);
    out[i + 2] = clampByte(b + (target[2] + (b - db) * keepShading - b) * m);
  }
  return { data: out, width: image.width, height: image.height };
}

export async function replaceBackground(image: RawImage, target: Rgb): Promise<RawImage> {
  return recolourRegion(image, await findBorderRegion(image), target);
}
