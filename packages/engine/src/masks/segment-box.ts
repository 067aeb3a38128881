import { rgbToLab } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';
import type { Rect } from './rect.ts';

const BINS = 32;
const ROUNDS = 4;
const FIELD_STEPS = 6;
/** Pull of each agreeing neighbour across a flat area (mean-field Potts weight). */
const SMOOTHNESS = 0.6;

/** Lab of every pixel, and its histogram bin (32 steps of L*, a* and b* in ±40). */
function labPlanes(image: RawImage) {
  const count = image.width * image.height;
  const lab = new Float32Array(count * 3);
  const bin = new Uint16Array(count);
  const out = [0, 0, 0];
  for (let p = 0; p < count; p++) {
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
    lab[p * 3] = out[0]!;
    lab[p * 3 + 1] = out[1]!;
    lab[p * 3 + 2] = out[2]!;
    const l = Math.min(BINS - 1, Math.max(0, Math.floor((out[0]! / 100) * BINS)));
    const a = Math.min(BINS - 1, Math.max(0, Math.floor(((out[1]! + 40) / 80) * BINS)));
    const b = Math.min(BINS - 1, Math.max(0, Math.floor(((out[2]! + 40) / 80) * BINS)));
    bin[p] = (l * BINS + a) * BINS + b;
  }
  return { lab, bin };
}

/** A colour histogram smoothed over neighbouring bins, as log probabilities. */
function logHistogram(bins: Uint16Array, weights: Float32Array): Float32Array {
  const raw = new Float32Array(BINS ** 3);
  let total = 0;
  for (let p = 0; p < bins.length; p++) {
    const w = weights[p]!;
    if (w <= 0) continue;
    raw[bins[p]!] = raw[bins[p]!]! + w;
    total += w;
  }
  const smooth = new Float32Array(raw.length);
  for (let l = 0; l < BINS; l++)
    for (let a = 0; a < BINS; a++)
      for (let b = 0; b < BINS; b++) {
        let sum = 0;
        for (let dl = -1; dl <= 1; dl++)
          for (let da = -1; da <= 1; da++)
            for (let db = -1; db <= 1; db++) {
              const L = l + dl;
              const A = a + da;
              const B = b + db;
              if (L < 0 || A < 0 || B < 0 || L >= BINS || A >= BINS || B >= BINS) continue;
              const centre = dl === 0 && da === 0 && db === 0;
              sum += raw[(L * BINS + A) * BINS + B]! * (centre ? 4 : 1);
            }
        smooth[(l * BINS + a) * BINS + b] = sum;
      }
  const norm = Math.max(1e-9, total * 30);
  for (let i = 0; i < smooth.length; i++) smooth[i] = Math.log(smooth[i]! / norm + 1e-5);
  return smooth;
}

/**
 * Neighbour weights for the smoothness term: high across flat colour, low across edges
 * (exp(-|ΔLab|² / 2σ²) with σ² the image's mean squared step, as GrabCut sets β).
 */
function edgeWeights(lab: Float32Array, width: number, height: number) {
  const right = new Float32Array(width * height);
  const down = new Float32Array(width * height);
  const step = (p: number, q: number) => {
    const d0 = lab[p * 3]! - lab[q * 3]!;
    const d1 = lab[p * 3 + 1]! - lab[q * 3 + 1]!;
    const d2 = lab[p * 3 + 2]! - lab[q * 3 + 2]!;
    return d0 * d0 + d1 * d1 + d2 * d2;
  };
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width) {
        right[p] = step(p, p + 1);
        sum += right[p]!;
        n++;
      }
      if (y + 1 < height) {
        down[p] = step(p, p + width);
        sum += down[p]!;
        n++;
      }
    }
  const beta = 1 / (2 * Math.max(1, sum / Math.max(1, n)));
  for (let p = 0; p < right.length; p++) {
    right[p] = Math.exp(-beta * right[p]!);
    down[p] = Math.exp(-beta * down[p]!);
  }
  return { right, down };
}

export interface BoxSegmentation {
  /** 0..1 per pixel of the work image: how likely it belongs to the object. */
  belief: Float32Array;
  /** 0..1: how cleanly the object stood apart from its surroundings. */
  separation: number;
}

/**
 * GrabCut's idea on a small copy: what lies outside the box is background; colour models of
 * object and background are re-estimated from the current belief; a mean-field pass of a
 * contrast-sensitive Potts model lets neighbours agree except across edges. `avoid` (0..1) marks
 * pixels known to belong to something else, such as an object standing in front.
 */
export function segmentBox(
  work: RawImage,
  box: Rect,
  avoid?: Float32Array,
  core?: Rect,
): BoxSegmentation {
  const { width, height } = work;
  const count = width * height;
  const { lab, bin } = labPlanes(work);
  const { right, down } = edgeWeights(lab, width, height);
  const inside = new Uint8Array(count);
  const prior = new Float32Array(count);
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const p = y * width + x;
      inside[p] = 1;
      const dx = (x - cx) / (box.width / 2);
      const dy = (y - cy) / (box.height / 2);
      // Detector boxes are centred on their object: a mild pull toward the middle.
      const centre = core ? 0.2 : 1.4 * (0.6 - Math.min(1.3, Math.hypot(dx, dy) * 0.8));
      prior[p] = centre - 3 * (avoid?.[p] ?? 0);
    }
  const belief = new Float32Array(count);
  for (let p = 0; p < count; p++) belief[p] = inside[p] ? 0.75 * (1 - (avoid?.[p] ?? 0)) : 0;
  const fgWeight = new Float32Array(count);
  const bgWeight = new Float32Array(count);
  const unary = new Float32Array(count);
  for (let round = 0; round < ROUNDS; round++) {
    for (let p = 0; p < count; p++) {
      fgWeight[p] =
        inside[p] && (!core || inRect(core, p % width, Math.floor(p / width))) ? belief[p]! : 0;
      bgWeight[p] = inside[p] ? (1 - belief[p]!) * 0.5 : 1;
    }
    const fg = logHistogram(bin, fgWeight);
    const sides = sideHistograms(bin, bgWeight, width, height, box);
    for (let p = 0; p < count; p++) {
      if (!inside[p]) continue;
      const here = bin[p]!;
      const u = fg[here]! - localBackground(sides, here, p % width, Math.floor(p / width), box);
      unary[p] = Math.max(-6, Math.min(6, u)) + prior[p]!;
      // Each round starts from the colours alone, so a wrong first guess is not locked in.
      belief[p] = 1 / (1 + Math.exp(-2 * unary[p]!));
    }
    for (let step = 0; step < FIELD_STEPS; step++) {
      for (let y = box.top; y < box.top + box.height; y++)
        for (let x = box.left; x < box.left + box.width; x++) {
          const p = y * width + x;
          let field = unary[p]!;
          if (x > 0) field += SMOOTHNESS * right[p - 1]! * (2 * belief[p - 1]! - 1);
          if (x + 1 < width) field += SMOOTHNESS * right[p]! * (2 * belief[p + 1]! - 1);
          if (y > 0) field += SMOOTHNESS * down[p - width]! * (2 * belief[p - width]! - 1);
          if (y + 1 < height) field += SMOOTHNESS * down[p]! * (2 * belief[p + width]! - 1);
          belief[p] = 1 / (1 + Math.exp(-2 * field));
        }
    }
  }
  let decided = 0;
  let n = 0;
  for (let p = 0; p < count; p++) {
    if (!inside[p]) continue;
    decided += Math.abs(belief[p]! - 0.5) * 2;
    n++;
  }
  return { belief, separation: n === 0 ? 0 : decided / n };
}

/** How far a side's own background reaches into the box (a share of the box's extent). */
const SIDE_REACH = 0.25;

/** Distance (in box extents) of a point inside the box from one of its sides: 0 top, 1 bottom, 2 left, 3 right. */
function sideDistance(side: number, x: number, y: number, box: Rect): number {
  switch (side) {
    case 0:
      return (y - box.top) / box.height;
    case 1:
      return (box.top + box.height - y) / box.height;
    case 2:
      return (x - box.left) / box.width;
    default:
      return (box.left + box.width - x) / box.width;
  }
}

/**
 * One background histogram per side of the box, each from the background nearest that side: a
 * sofa's floor below and wall beside it are told apart from it by what lies right there, not by
 * the colours of the whole ring (the rug under a sofa matches the wall's greys elsewhere).
 */
function sideHistograms(
  bin: Uint16Array,
  bgWeight: Float32Array,
  width: number,
  height: number,
  box: Rect,
): Float32Array[] {
  const sides: Float32Array[] = [];
  const weights = new Float32Array(bin.length);
  for (let side = 0; side < 4; side++) {
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        weights[p] = bgWeight[p]! * Math.exp(-Math.max(0, sideDistance(side, x, y, box)) / 0.3);
      }
    sides.push(logHistogram(bin, weights));
  }
  return sides;
}

/** The log-likelihood of a colour bin as background at a point: the sides' mixed by nearness. */
function localBackground(sides: Float32Array[], bin: number, x: number, y: number, box: Rect) {
  let sum = 0;
  let norm = 0;
  for (let side = 0; side < 4; side++) {
    const w = Math.exp(-Math.max(0, sideDistance(side, x, y, box)) / SIDE_REACH);
    sum += w * Math.exp(sides[side]![bin]!);
    norm += w;
  }
  return Math.log(sum / norm);
}

const inRect = (r: Rect, x: number, y: number) =>
  x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
