import type { RawImage } from '../raw-image.ts';
import { labelRegions } from './regions.ts';

/** Lab centres of the main colours of some pixels (k-means, k = 3; minor clusters dropped). */
export function colourCentres(lab: Float32Array, pixels: readonly number[], k = 3): number[][] {
  if (pixels.length === 0) return [];
  const step = Math.max(1, Math.floor(pixels.length / 4000));
  const sample = pixels.filter((_, i) => i % step === 0);
  const sorted = [...sample].sort((a, b) => lab[a * 3]! - lab[b * 3]!);
  let centres = Array.from({ length: k }, (_, i) => {
    const p = sorted[Math.floor(((i + 0.5) / k) * sorted.length)]!;
    return [lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!];
  });
  let counts = new Array<number>(k).fill(0);
  for (let round = 0; round < 8; round++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts = new Array<number>(k).fill(0);
    for (const p of sample) {
      const c = nearestIndex(lab, p, centres);
      counts[c]!++;
      for (let j = 0; j < 3; j++) sums[c]![j]! += lab[p * 3 + j]!;
    }
    centres = centres.map((c, i) => (counts[i] ? sums[i]!.map((s) => s / counts[i]!) : c));
  }
  return centres.filter((_, i) => counts[i]! >= sample.length * 0.15);
}

function nearestIndex(lab: Float32Array, p: number, centres: number[][]): number {
  let best = 0;
  let bestD = Infinity;
  for (const [i, c] of centres.entries()) {
    const d = distance(lab, p, c);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

const distance = (lab: Float32Array, p: number, c: number[]) =>
  Math.hypot(lab[p * 3]! - c[0]!, lab[p * 3 + 1]! - c[1]!, lab[p * 3 + 2]! - c[2]!);

/** Lab distance of a pixel to the nearest centre (Infinity without centres). */
export function nearest(lab: Float32Array, p: number, centres: number[][]): number {
  let best = Infinity;
  for (const c of centres) best = Math.min(best, distance(lab, p, c));
  return best;
}

/**
 * Per column, how many rows at the top are ceiling: the first strong change of lightness in
 * the top 30 % under a plain stretch, smoothed over neighbouring columns. Columns without one
 * have no ceiling (a wall or a cupboard reaching the frame).
 */
export function ceilingRows(lab: Float32Array, w: number, h: number) {
  const limit = Math.round(h * 0.3);
  const band = 3;
  const raw = new Int32Array(w);
  const L = (x: number, y: number) => lab[(y * w + x) * 3]!;
  for (let x = 0; x < w; x++) {
    let sum = 0;
    let sumSq = 0;
    for (let y = 0; y < limit - band - 1; y++) {
      const v = L(x, y);
      sum += v;
      sumSq += v * v;
      if (y < band + 2) continue;
      let above = 0;
      let below = 0;
      for (let d = 1; d <= band; d++) {
        above += L(x, y - d);
        below += L(x, y + d);
      }
      const n = y + 1;
      const spread = Math.sqrt(Math.max(0, sumSq / n - (sum / n) ** 2));
      if (Math.abs(above - below) / band > 2.5 && spread < 8) {
        raw[x] = y;
        break;
      }
    }
  }
  const window = Math.max(2, Math.round(w / 24));
  const rows = new Int32Array(w);
  let found = 0;
  for (let x = 0; x < w; x++) {
    const near = Array.from(raw.subarray(Math.max(0, x - window), x + window + 1)).sort(
      (a, b) => a - b,
    );
    rows[x] = near[near.length >> 1]!;
    if (rows[x]! > 0) found++;
  }
  const share = found / w;
  if (share < 0.25) rows.fill(0);
  return { rows, confidence: share < 0.25 ? 0 : Math.min(1, share * 1.2) };
}

interface KeeperOptions {
  floorRow: number;
  wallCentres: number[][];
  /** Regions smaller than this join the wall or floor around them. */
  speck: number;
}

/**
 * The parts that are neither wall, floor, ceiling nor a detected piece (`kind` 0): small
 * specks join the surface they lie on; rectangles on the wall become pictures, windows (much
 * lighter than the wall) or doors (tall, from high up down to the floor). Writes their kinds
 * into `kind` (5 picture, 6 window, 7 door) so the wall does not take them in.
 */
export function classifyKeepers(
  image: RawImage,
  lab: Float32Array,
  kind: Uint8Array,
  labels: Int32Array,
  sizes: number[],
  options: KeeperOptions,
) {
  const { width: w, height: h } = image;
  const { floorRow } = options;
  for (let p = 0; p < kind.length; p++) {
    const region = labels[p]!;
    if (region && sizes[region]! < options.speck) kind[p] = p / w < floorRow ? 1 : 2;
  }
  // Fragments of one picture (light parts match the wall) are joined by a small dilation.
  const other = dilate(
    Uint8Array.from(kind, (k) => (k === 0 ? 1 : 0)),
    w,
    h,
    Math.max(1, Math.round(w / 200)),
  );
  const parts = labelRegions(w, h, (p) => other[p] === 1 && kind[p] !== 4);
  const wallL = options.wallCentres.length
    ? Math.max(...options.wallCentres.map((c) => c[0]!))
    : 50;
  const planes = {
    window: new Uint8Array(w * h),
    door: new Uint8Array(w * h),
    picture: new Uint8Array(w * h),
  };
  const fits = { window: [] as number[], door: [] as number[], picture: [] as number[] };
  const boxes = new Map<number, { x0: number; x1: number; y0: number; y1: number; l: number }>();
  for (let p = 0; p < kind.length; p++) {
    const region = parts.labels[p]!;
    if (!region || parts.sizes[region]! < options.speck * 1.5) continue;
    const x = p % w;
    const y = Math.floor(p / w);
    const b = boxes.get(region) ?? { x0: x, x1: x, y0: y, y1: y, l: 0 };
    b.x0 = Math.min(b.x0, x);
    b.x1 = Math.max(b.x1, x);
    b.y0 = Math.min(b.y0, y);
    b.y1 = Math.max(b.y1, y);
    b.l += lab[p * 3]!;
    boxes.set(region, b);
  }
  const kindOf = new Map<number, 'window' | 'door' | 'picture'>();
  for (const [region, b] of boxes) {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    const size = parts.sizes[region]!;
    const fill = size / (bw * bh);
    const meanL = b.l / size;
    const onBorder = b.x0 === 0 || b.y0 === 0 || b.x1 === w - 1;
    if (fill < 0.5) continue;
    let found: 'window' | 'door' | 'picture' | undefined;
    if (meanL > wallL + 12 && size > w * h * 0.01) found = 'window';
    else if (b.y0 < h * 0.3 && b.y1 >= floorRow - h * 0.06 && bh > h * 0.4 && bw < bh) {
      found = 'door';
    } else if (!onBorder && b.y1 < floorRow + h * 0.04 && bh < h * 0.7) found = 'picture';
    if (!found) continue;
    kindOf.set(region, found);
    fits[found].push(fill);
  }
  // Each found part is filled row by row between its outermost pixels: a picture is solid.
  const code = { picture: 5, window: 6, door: 7 } as const;
  for (let y = 0; y < h; y++) {
    const spans = new Map<number, [number, number]>();
    for (let x = 0; x < w; x++) {
      const region = parts.labels[y * w + x]!;
      if (!kindOf.has(region)) continue;
      const span = spans.get(region);
      spans.set(region, span ? [span[0], x] : [x, x]);
    }
    for (const [region, [x0, x1]] of spans) {
      const name = kindOf.get(region)!;
      for (let x = x0; x <= x1; x++) {
        const p = y * w + x;
        if (kind[p] === 4 || kind[p] === 3) continue;
        planes[name][p] = 1;
        kind[p] = code[name];
      }
    }
  }
  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0);
  return {
    ...planes,
    confidence: {
      window: mean(fits.window) * 0.7,
      door: mean(fits.door) * 0.7,
      picture: mean(fits.picture),
    },
  };
}

function dilate(plane: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const out = new Uint8Array(plane.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!plane[y * w + x]) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        const row = yy * w;
        out.fill(1, row + Math.max(0, x - radius), row + Math.min(w, x + radius + 1));
      }
    }
  }
  return out;
}
