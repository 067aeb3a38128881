export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest box holding every non-zero pixel of the mask (inclusive), or null. */
export function maskBounds(mask: Uint8Array, width: number) {
  let x0 = width;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    y1 = y;
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** The mask's bounds grown on every side by `pad(boxWidth, boxHeight)`, within the frame. */
export function paddedBounds(
  mask: Uint8Array,
  width: number,
  height: number,
  pad: (boxWidth: number, boxHeight: number) => number,
): Rect | null {
  const bounds = maskBounds(mask, width);
  if (!bounds) return null;
  const { x0, y0, x1, y1 } = bounds;
  const margin = pad(x1 - x0 + 1, y1 - y0 + 1);
  const left = Math.max(0, x0 - margin);
  const top = Math.max(0, y0 - margin);
  return {
    left,
    top,
    width: Math.min(width, x1 + margin + 1) - left,
    height: Math.min(height, y1 + margin + 1) - top,
  };
}

/** Grows the non-zero pixels of a mask by `radius` (a square structuring element, in 2 passes). */
export function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  if (radius <= 0) return mask;
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      if (x - last <= radius) across[row + x] = 255;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      if (last - x <= radius) across[row + x] = 255;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (across[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 255;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (across[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 255;
    }
  }
  return out;
}

/** A few representative colours (k-means in RGB, evenly seeded, 8 rounds). */
export function kMeans(data: Uint8Array, pixels: number[], k: number): Float64Array {
  const stride = Math.max(1, Math.floor(pixels.length / 4000));
  const sample = pixels.filter((_p, i) => i % stride === 0);
  const count = Math.min(k, sample.length);
  const centres = new Float64Array(count * 3);
  for (let c = 0; c < count; c++) {
    const p = sample[Math.floor(((c + 0.5) * sample.length) / count)]!;
    centres.set([data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!], c * 3);
  }
  const sums = new Float64Array(count * 4);
  for (let round = 0; round < 8; round++) {
    sums.fill(0);
    for (const p of sample) {
      const c = nearestCentre(data, p, centres);
      sums[c * 4] = sums[c * 4]! + data[p * 3]!;
      sums[c * 4 + 1] = sums[c * 4 + 1]! + data[p * 3 + 1]!;
      sums[c * 4 + 2] = sums[c * 4 + 2]! + data[p * 3 + 2]!;
      sums[c * 4 + 3] = sums[c * 4 + 3]! + 1;
    }
    for (let c = 0; c < count; c++) {
      const n = sums[c * 4 + 3]!;
      if (n === 0) continue;
      centres[c * 3] = sums[c * 4]! / n;
      centres[c * 3 + 1] = sums[c * 4 + 1]! / n;
      centres[c * 3 + 2] = sums[c * 4 + 2]! / n;
    }
  }
  return centres;
}

function nearestCentre(data: Uint8Array, p: number, centres: Float64Array): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let c = 0; c < centres.length / 3; c++) {
    const d0 = data[p * 3]! - centres[c * 3]!;
    const d1 = data[p * 3 + 1]! - centres[c * 3 + 1]!;
    const d2 = data[p * 3 + 2]! - centres[c * 3 + 2]!;
    const d = d0 * d0 + d1 * d1 + d2 * d2;
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** Euclidean RGB distance from pixel `p` to the nearest of the colours. */
export function nearestDistance(data: Uint8Array, p: number, centres: Float64Array): number {
  const c = nearestCentre(data, p, centres);
  const d0 = data[p * 3]! - centres[c * 3]!;
  const d1 = data[p * 3 + 1]! - centres[c * 3 + 1]!;
  const d2 = data[p * 3 + 2]! - centres[c * 3 + 2]!;
  return Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}
