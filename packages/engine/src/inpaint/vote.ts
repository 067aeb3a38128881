import type { Nnf, Random } from './patchmatch.ts';
import type { Level } from './pyramid.ts';

/**
 * How much a match counts in the vote: exp(-d / 2σ²) of its mean squared difference per pixel,
 * with σ² the 75th percentile of those differences (Wexler, Shechtman and Irani 2007), so
 * good matches outvote poor ones whatever the image's contrast.
 */
function matchWeights(nnf: Nnf, radius: number, random: Random): (t: number) => number {
  const area = (2 * radius + 1) ** 2;
  const { targets, cost } = nnf;
  const sample: number[] = [];
  const step = Math.max(1, Math.floor(targets.length / 2000));
  for (let i = Math.floor(random() * step); i < targets.length; i += step) {
    sample.push(cost[targets[i]!]! / area);
  }
  sample.sort((a, b) => a - b);
  const sigma2 = Math.max(1, sample[Math.floor(sample.length * 0.75)] ?? 1);
  return (t) => Math.exp(-(cost[t]! / area) / (2 * sigma2));
}

/**
 * Reconstruction: every hole pixel becomes the weighted mean of what the matched source
 * patches of all targets covering it say it should be. `voteRadius` may be smaller than the
 * match radius at the finest scales, where only the upsampled field is used.
 */
export function vote(
  level: Level,
  nnf: Nnf,
  voteRadius: number,
  matchRadius: number,
  random: Random,
  weighted = true,
): void {
  const { width, height, pixels, hole } = level;
  const compact = new Int32Array(width * height).fill(-1);
  let holes = 0;
  for (let p = 0; p < hole.length; p++) if (hole[p]) compact[p] = holes++;
  const sums = new Float64Array(holes * 4);
  const weightOf = weighted ? matchWeights(nnf, matchRadius, random) : () => 1;
  const { targets, source } = nnf;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    const s = source[t]!;
    if (s < 0) continue;
    const weight = weightOf(t) + 1e-6;
    const tx = t % width;
    const ty = (t - tx) / width;
    const shift = s - t;
    for (let dy = -voteRadius; dy <= voteRadius; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= height) continue;
      const xStart = Math.max(0, tx - voteRadius);
      const xEnd = Math.min(width - 1, tx + voteRadius);
      for (let x = xStart; x <= xEnd; x++) {
        const p = y * width + x;
        const k = compact[p]!;
        if (k < 0) continue;
        const q = (p + shift) * 3;
        sums[k * 4] = sums[k * 4]! + weight * pixels[q]!;
        sums[k * 4 + 1] = sums[k * 4 + 1]! + weight * pixels[q + 1]!;
        sums[k * 4 + 2] = sums[k * 4 + 2]! + weight * pixels[q + 2]!;
        sums[k * 4 + 3] = sums[k * 4 + 3]! + weight;
      }
    }
  }
  for (let p = 0; p < hole.length; p++) {
    const k = compact[p]!;
    if (k < 0) continue;
    const w = sums[k * 4 + 3]!;
    if (w <= 0) continue;
    pixels[p * 3] = sums[k * 4]! / w;
    pixels[p * 3 + 1] = sums[k * 4 + 1]! / w;
    pixels[p * 3 + 2] = sums[k * 4 + 2]! / w;
  }
}

/**
 * The sharp reconstruction for the finest solved scale: every hole pixel takes its colour from
 * the best-matching patch that covers it, instead of a mean of several, so texture (floor
 * boards, a rug's pattern) stays crisp rather than averaged into blur.
 */
export function voteBest(level: Level, nnf: Nnf, radius: number): void {
  const { width, height, pixels, hole } = level;
  const bestCost = new Float32Array(width * height).fill(Infinity);
  const bestFrom = new Int32Array(width * height).fill(-1);
  const { targets, source, cost } = nnf;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    const s = source[t]!;
    if (s < 0) continue;
    const c = cost[t]!;
    const tx = t % width;
    const ty = (t - tx) / width;
    const shift = s - t;
    for (let dy = -radius; dy <= radius; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= height) continue;
      const xEnd = Math.min(width - 1, tx + radius);
      for (let x = Math.max(0, tx - radius); x <= xEnd; x++) {
        const p = y * width + x;
        if (!hole[p] || c >= bestCost[p]!) continue;
        bestCost[p] = c;
        bestFrom[p] = p + shift;
      }
    }
  }
  // Sources are known pixels, never written here, so the copy can happen in place.
  for (let p = 0; p < hole.length; p++) {
    const q = bestFrom[p]!;
    if (q < 0) continue;
    pixels[p * 3] = pixels[q * 3]!;
    pixels[p * 3 + 1] = pixels[q * 3 + 1]!;
    pixels[p * 3 + 2] = pixels[q * 3 + 2]!;
  }
}
