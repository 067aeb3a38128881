import { rgbToLab } from '../colour.ts';
import { blurPlane, resizePlane, shrinkToPixels, type RawImage } from '../raw-image.ts';
import { emptyMask, type Mask } from './mask.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import { keepMainRegions } from './regions.ts';

/** The estimate runs on a copy of at most this many pixels. */
const WORK_PIXELS = 200_000;
/** Below this confidence the engine says it could not find the sky instead of guessing. */
export const SKY_MIN_CONFIDENCE = 0.5;
/** Indoors (furniture detected), a bright plain top of the picture is most likely a ceiling. */
export const INDOOR_FACTOR = 0.25;

export interface SkyEstimate {
  mask: Mask;
  /** 0..1; under SKY_MIN_CONFIDENCE the mask is not to be used. */
  confidence: number;
  /** Share of the picture that is sky. */
  coverage: number;
}

export interface SkyOptions {
  /** Indoor objects were detected (furniture): a bright plain ceiling is not a sky. */
  indoor?: boolean;
}

/** Could this colour be sky: blue of any lightness, bright neutral, or a warm glow near the top. */
function skyColour(l: number, a: number, b: number): boolean {
  if (a < -14) return false; // foliage and grass
  if (b < -4 && l > 4) return true; // blue, from dusk to noon
  return l > 62 && Math.abs(a) < 12 && b < 40; // overcast white, haze, sunset glow
}

/**
 * Where the sky is: smooth, sky-coloured pixels connected to the top of the picture, grown
 * step by step so a gradient from deep blue to a pale horizon stays one region, stopping at
 * edges (towers, roofs, branches). The confidence weighs how much of the top edge is sky, how
 * blue it is and whether the picture is indoors.
 */
export async function estimateSky(image: RawImage, options: SkyOptions = {}): Promise<SkyEstimate> {
  const work = await shrinkToPixels(image, WORK_PIXELS);
  const { width, height } = work;
  const count = width * height;
  const lab = new Float32Array(count * 3);
  const out = [0, 0, 0];
  for (let p = 0; p < count; p++) {
    rgbToLab(work.data[p * 3]!, work.data[p * 3 + 1]!, work.data[p * 3 + 2]!, out);
    lab.set(out, p * 3);
  }
  const step = (p: number, q: number) =>
    Math.hypot(
      lab[p * 3]! - lab[q * 3]!,
      lab[p * 3 + 1]! - lab[q * 3 + 1]!,
      lab[p * 3 + 2]! - lab[q * 3 + 2]!,
    );
  const candidate = (p: number) => skyColour(lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!);
  const scale = Math.max(width, height) / 500;
  const maxStep = 3.2 / Math.max(0.5, scale);

  const sky = new Uint8Array(count);
  const queue: number[] = [];
  for (let x = 0; x < width; x++) {
    if (!candidate(x)) continue;
    // A seed must sit in a smooth patch, not on a tower's edge.
    const below = x + width * Math.min(2, height - 1);
    if (step(x, below) > maxStep * 2) continue;
    sky[x] = 255;
    queue.push(x);
  }
  while (queue.length > 0) {
    const p = queue.pop()!;
    const x = p % width;
    const neighbours = [x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1, p - width, p + width];
    for (const q of neighbours) {
      if (q < 0 || q >= count || sky[q] || !candidate(q)) continue;
      if (step(p, q) > maxStep) continue;
      sky[q] = 255;
      queue.push(q);
    }
  }
  // Every part of the sky counts, also the strips between towers or trees.
  const kept = keepMainRegions(sky, width, height, count * 0.002, 0.01);
  const coverage = kept / count;
  let topSky = 0;
  for (let x = 0; x < width; x++) if (sky[x]) topSky++;
  let meanB = 0;
  let meanL = 0;
  for (let p = 0; p < count; p++) {
    if (!sky[p]) continue;
    meanB += lab[p * 3 + 2]!;
    meanL += lab[p * 3]!;
  }
  meanB /= Math.max(1, kept);
  meanL /= Math.max(1, kept);
  const topShare = topSky / width;
  const colour = meanB < -9 ? 1 : meanL > 78 ? 0.6 : 0.3;
  const size = coverage < 0.03 ? 0 : coverage < 0.08 ? 0.6 : 1;
  const indoor = options.indoor ? INDOOR_FACTOR : 1;
  const confidence = Math.round(Math.min(1, topShare * 1.6) * colour * size * indoor * 100) / 100;

  const soft = await resizePlane(sky, width, height, image.width, image.height);
  const mask = emptyMask(image.width, image.height);
  mask.data.set(soft);
  await refineEdge(image, mask, work, sky);
  return { mask, confidence, coverage: Math.round(coverage * 1000) / 1000 };
}

/** How far (small-copy pixels) beyond the found sky the full-size check looks for sky left out. */
const EDGE_REACH = 24;

/**
 * The sky's colour around each pixel of the small copy, from the sky pixels near it (a blur of
 * the sky's colours divided by a blur of the sky): a dusk sky darker at the sides is compared
 * with its own colour there, not with its row's mean. -1 where no sky is near.
 */
async function localSkyColour(work: RawImage, sure: Uint8Array): Promise<Float32Array> {
  const { width, height } = work;
  const count = width * height;
  const sigma = Math.max(width, height) / 25;
  const weight = await blurPlane(
    Uint8Array.from(sure, (v) => (v ? 255 : 0)),
    width,
    height,
    sigma,
  );
  const colour = new Float32Array(count * 3).fill(-1);
  for (let c = 0; c < 3; c++) {
    const plane = Uint8Array.from(sure, (v, p) => (v ? work.data[p * 3 + c]! : 0));
    const blurred = await blurPlane(plane, width, height, sigma);
    for (let p = 0; p < count; p++) {
      if (weight[p]! >= 8) colour[p * 3 + c] = (blurred[p]! * 255) / weight[p]!;
    }
  }
  return colour;
}

/**
 * The small copy misses sky beside thin things (tower lattices, branches) and leaves a halo of
 * old sky around them. Near the sky's edge (a band found on the small copy), full-size pixels
 * whose colour is close to the sky's colour around them (RGB distance ≈ ΔE 6–10) are sky too.
 */
async function refineEdge(image: RawImage, mask: Mask, work: RawImage, sky: Uint8Array) {
  const { width, height, data } = image;
  const sure = Uint8Array.from(sky, (v) => (v ? 1 : 0));
  const near = dilate(sure, work.width, work.height, EDGE_REACH);
  const bandSmall = Uint8Array.from(near, (v, p) => (v && !sure[p] ? 255 : 0));
  const band = await resizePlane(bandSmall, work.width, work.height, width, height);
  const local = await localSkyColour(work, sure);
  for (let y = 0; y < height; y++) {
    const wy = Math.min(work.height - 1, Math.floor((y * work.height) / height));
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!band[p] || mask.data[p]! >= 200) continue;
      const wx = Math.min(work.width - 1, Math.floor((x * work.width) / width));
      const w = (wy * work.width + wx) * 3;
      const [mr, mg, mb] = [local[w]!, local[w + 1]!, local[w + 2]!];
      if (mr < 0) continue;
      const distance = Math.hypot(data[p * 3]! - mr, data[p * 3 + 1]! - mg, data[p * 3 + 2]! - mb);
      mask.data[p] =
        distance < 14
          ? 255
          : distance < 24
            ? Math.max(mask.data[p]!, Math.round((255 * (24 - distance)) / 10))
            : Math.min(mask.data[p]!, 60);
    }
  }
}
