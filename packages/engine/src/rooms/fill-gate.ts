import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';

/**
 * A fill whose consistency with its surroundings is below this is undone. Set from the
 * rooms-quality bench (decision 055; read again in 058, 61 cases): the room fills scoring at
 * least 0.5 restore their hole at a median 27.2 dB, the 56 below it at 19.6 dB (smooth fills
 * over a patterned floor, holes across an edge no fill can know); at 0.4 a blurred dining
 * chair at the living room's right edge (0.46) got through as a visible smear on the contact
 * sheet.
 */
export const MIN_CONSISTENCY = 0.5;
/**
 * The long side the gate's bench runs at (bench/suites/rooms-quality/cases.ts): a fill is
 * judged on a copy this size, so the gate means the same on a 1,600 px room. At full size the
 * photo's grain makes every smooth fill look less like its surroundings (the pendant lamp's
 * clean fill scored 0.47 at 1,600 px, 0.56 at 800).
 */
export const GATE_LONG_SIDE = 640;

/**
 * The image and the hole at GATE_LONG_SIDE (each pixel the mean of those it covers; a pixel is
 * hole when half of what it covers is), or as they are when already that small.
 */
export function atGateSize(image: RawImage, hole: Uint8Array): [RawImage, Uint8Array] {
  const { width, height, data } = image;
  const scale = GATE_LONG_SIDE / Math.max(width, height);
  if (scale >= 1) return [image, hole];
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const sums = new Float64Array(w * h * 4);
  const counts = new Uint32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    for (let x = 0; x < width; x++) {
      const q = row + Math.min(w - 1, Math.floor((x * w) / width));
      const p = y * width + x;
      sums[q * 4]! += data[p * 3]!;
      sums[q * 4 + 1]! += data[p * 3 + 1]!;
      sums[q * 4 + 2]! += data[p * 3 + 2]!;
      sums[q * 4 + 3]! += hole[p]!;
      counts[q]!++;
    }
  }
  const small = Buffer.alloc(w * h * 3);
  const smallHole = new Uint8Array(w * h);
  for (let q = 0; q < w * h; q++) {
    const n = Math.max(1, counts[q]!);
    for (let c = 0; c < 3; c++) small[q * 3 + c] = Math.round(sums[q * 4 + c]! / n);
    smallHole[q] = sums[q * 4 + 3]! / n >= 0.5 ? 1 : 0;
  }
  return [{ width: w, height: h, data: small }, smallHole];
}

export function holeExtent(hole: Uint8Array, width: number) {
  let n = 0;
  let x0 = width;
  let x1 = -1;
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    n++;
    const x = p % width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  return { pixels: n, width: Math.max(0, x1 - x0 + 1) };
}

/**
 * How well a fill sits in its surroundings, 0..1, from two measures against a ring around the
 * hole: the seam (the step from each pixel on the hole's edge to its outside neighbour, next
 * to the ring's own steps between neighbours) and the texture (the hole's mean step between
 * neighbours next to the ring's). A slab pasted in shows a seam; a smear has no texture.
 */
export function fillConsistency(image: RawImage, hole: Uint8Array): number {
  const { width, height, data } = image;
  const { pixels } = holeExtent(hole, width);
  const ring = dilate(hole, width, height, Math.max(3, Math.round(Math.sqrt(pixels) / 10)));
  const step = (p: number, q: number) =>
    Math.abs(data[p * 3]! - data[q * 3]!) +
    Math.abs(data[p * 3 + 1]! - data[q * 3 + 1]!) +
    Math.abs(data[p * 3 + 2]! - data[q * 3 + 2]!);
  let seam = 0;
  let seams = 0;
  let inside = 0;
  let insides = 0;
  let around = 0;
  let arounds = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const p = y * width + x;
      for (const q of [p + 1, p + width]) {
        if (hole[p] && hole[q]) {
          inside += step(p, q);
          insides++;
        } else if (hole[p] || hole[q]) {
          seam += step(p, q);
          seams++;
        } else if (ring[p] && ring[q]) {
          around += step(p, q);
          arounds++;
        }
      }
    }
  }
  if (insides === 0 || arounds === 0 || seams === 0) return 1;
  const colour = Math.max(0, 1 - rowColourDifference(image, hole, ring) / 15);
  const ringStep = Math.max(1, around / arounds);
  const seamScore = Math.min(1, (ringStep * 1.5) / Math.max(1, seam / seams));
  const a = inside / insides;
  const texture = Math.min(a, ringStep) / Math.max(a, ringStep);
  return Math.round(colour * seamScore * (0.5 + 0.5 * texture) * 100) / 100;
}

/**
 * Mean ΔE between the hole and the ring row by row (wall beside wall, floor beside floor): a
 * dark slab left on a light floor differs from the floor on its own rows.
 */
function rowColourDifference(image: RawImage, hole: Uint8Array, ring: Uint8Array): number {
  const { width, height, data } = image;
  const lab = [0, 0, 0];
  let total = 0;
  let weight = 0;
  for (let y = 0; y < height; y++) {
    const a = [0, 0, 0, 0];
    const b = [0, 0, 0, 0];
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const into = hole[p] ? a : ring[p] ? b : null;
      if (!into) continue;
      rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, lab);
      for (let c = 0; c < 3; c++) into[c]! += lab[c]!;
      into[3]!++;
    }
    if (!a[3] || !b[3]) continue;
    const d = Math.hypot(
      a[0]! / a[3]! - b[0]! / b[3]!,
      a[1]! / a[3]! - b[1]! / b[3]!,
      a[2]! / a[3]! - b[2]! / b[3]!,
    );
    total += d * a[3]!;
    weight += a[3]!;
  }
  return weight ? total / weight : 0;
}
