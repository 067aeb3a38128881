import { labToRgb, rgbToLab, seededRandom, toHex } from './colour.ts';
import { colourName } from './colour-names.ts';
import type { RawImage } from './raw-image.ts';

export interface DominantColour {
  hex: string;
  /** Nearest everyday English colour name. */
  name: string;
  /** Fraction of the image, 0..1. */
  share: number;
}

/** About this many pixels are clustered: enough for a 512 px copy, fast on one core. */
const SAMPLES = 20_000;
const CLUSTERS = 8;
const ROUNDS = 12;
/** Clusters closer than this (ΔE*ab) are one colour to the eye. */
const SAME_COLOUR = 10;

interface Cluster {
  lab: [number, number, number];
  /** Salience-weighted pixels. */
  weight: number;
  /** Plain pixel count. */
  pixels: number;
}

const distance2 = (lab: Float64Array, i: number, c: readonly number[]) =>
  (lab[i]! - c[0]!) ** 2 + (lab[i + 1]! - c[1]!) ** 2 + (lab[i + 2]! - c[2]!) ** 2;

/**
 * How much a pixel counts for what a person would call the picture's colours: the subject sits
 * near the middle (a centre prior), and colours that stand out from the picture's mean (the
 * orange suit against a grey backdrop) draw the eye more than the backdrop itself.
 */
function salience(lab: Float64Array, xs: Float64Array, ys: Float64Array, n: number) {
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) mean[c]! += lab[i * 3 + c]! / n;
  const contrast = new Float64Array(n);
  let contrastSum = 0;
  for (let i = 0; i < n; i++) {
    contrast[i] = Math.sqrt(distance2(lab, i * 3, mean));
    contrastSum += contrast[i]!;
  }
  const meanContrast = contrastSum / n || 1;
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - 0.5;
    const dy = ys[i]! - 0.5;
    const centre = 0.3 + 0.7 * Math.exp(-(dx * dx + dy * dy) / (2 * 0.3 * 0.3));
    weights[i] = centre * (0.5 + contrast[i]! / meanContrast);
  }
  return weights;
}

/** Weighted k-means in CIELAB, seeded k-means++ style so the answer is the same every time. */
function cluster(lab: Float64Array, weights: Float64Array, n: number): Cluster[] {
  const random = seededRandom(7);
  const centres: number[][] = [];
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = 0;
  for (let k = 0; k < CLUSTERS; k++) {
    centres.push([lab[pick * 3]!, lab[pick * 3 + 1]!, lab[pick * 3 + 2]!]);
    let total = 0;
    for (let i = 0; i < n; i++) {
      nearest[i] = Math.min(nearest[i]!, distance2(lab, i * 3, centres[k]!));
      total += nearest[i]! * weights[i]!;
    }
    if (total === 0) break;
    let target = random() * total;
    for (pick = 0; pick < n - 1; pick++) {
      target -= nearest[pick]! * weights[pick]!;
      if (target <= 0) break;
    }
  }
  const owner = new Uint8Array(n);
  for (let round = 0; round < ROUNDS; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let k = 0; k < centres.length; k++) {
        const d = distance2(lab, i * 3, centres[k]!);
        if (d < bestDistance) [best, bestDistance] = [k, d];
      }
      owner[i] = best;
      const sum = sums[best]!;
      for (let c = 0; c < 3; c++) sum[c]! += lab[i * 3 + c]! * weights[i]!;
      sum[3]! += weights[i]!;
    }
    sums.forEach((sum, k) => {
      if (sum[3]! > 0) centres[k] = [sum[0]! / sum[3]!, sum[1]! / sum[3]!, sum[2]! / sum[3]!];
    });
  }
  const clusters: Cluster[] = centres.map((c) => ({
    lab: [c[0]!, c[1]!, c[2]!],
    weight: 0,
    pixels: 0,
  }));
  for (let i = 0; i < n; i++) {
    clusters[owner[i]!]!.weight += weights[i]!;
    clusters[owner[i]!]!.pixels++;
  }
  return mergeClose(clusters.filter((c) => c.pixels > 0));
}

function mergeClose(clusters: Cluster[]): Cluster[] {
  const merged: Cluster[] = [];
  for (const next of [...clusters].sort((a, b) => b.weight - a.weight)) {
    const same = merged.find(
      (c) =>
        Math.hypot(c.lab[0] - next.lab[0], c.lab[1] - next.lab[1], c.lab[2] - next.lab[2]) <
        SAME_COLOUR,
    );
    if (!same) {
      merged.push({ ...next, lab: [...next.lab] });
      continue;
    }
    const total = same.weight + next.weight;
    for (let c = 0; c < 3; c++)
      same.lab[c] = (same.lab[c]! * same.weight + next.lab[c]! * next.weight) / total;
    same.weight = total;
    same.pixels += next.pixels;
  }
  return merged;
}

/**
 * The colours a person would name for this picture, most prominent first: pixels clustered in
 * CIELAB (a perceptual space), weighted by salience, each cluster named by the nearest everyday
 * colour; clusters of the same name count together.
 */
export function dominantColours(image: RawImage, limit = 3): DominantColour[] {
  const { width, height, data } = image;
  const count = width * height;
  const step = Math.max(1, Math.floor(Math.sqrt(count / SAMPLES)));
  const lab = new Float64Array(Math.ceil(width / step) * Math.ceil(height / step) * 3);
  const xs = new Float64Array(lab.length / 3);
  const ys = new Float64Array(lab.length / 3);
  let n = 0;
  const out = new Float64Array(3);
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const p = (y * width + x) * 3;
      rgbToLab(data[p]!, data[p + 1]!, data[p + 2]!, out);
      lab.set(out, n * 3);
      xs[n] = (x + 0.5) / width;
      ys[n] = (y + 0.5) / height;
      n++;
    }
  }
  if (n === 0) return [];
  const clusters = cluster(lab, salience(lab, xs, ys, n), n);
  const totalWeight = clusters.reduce((sum, c) => sum + c.weight, 0);
  const byName = new Map<string, { lab: number[]; weight: number; pixels: number }>();
  for (const c of clusters) {
    const name = colourName(c.lab[0], c.lab[1], c.lab[2]);
    const entry = byName.get(name);
    if (!entry) byName.set(name, { lab: c.lab, weight: c.weight, pixels: c.pixels });
    else {
      entry.weight += c.weight;
      entry.pixels += c.pixels;
    }
  }
  const rgb = [0, 0, 0];
  return [...byName.entries()]
    .filter(([, entry]) => entry.weight >= totalWeight * 0.04)
    .sort((a, b) => b[1].weight - a[1].weight)
    .slice(0, limit)
    .map(([name, entry]) => {
      labToRgb(entry.lab[0]!, entry.lab[1]!, entry.lab[2]!, rgb);
      return { hex: toHex([rgb[0]!, rgb[1]!, rgb[2]!]), name, share: entry.pixels / n };
    });
}
