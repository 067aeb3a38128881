/**
 * The mix of candidate fills that best restores the stand-in holes: weights w ≥ 0 summing to 1
 * minimising Σ (Σ_k w_k · fill_k − truth)² over the stand-ins' pixels, from the normal
 * equations (gram[i][j] = Σ fill_i · fill_j, cross[i] = Σ fill_i · truth) by projected
 * gradient descent. A mix rather than the single best: with one to four stand-ins the best one
 * is often a fill that happened to suit them (a row-only membrane), while a mix leans on what
 * restores all of them and averages away the fills' separate errors.
 */
export function mixWeights(gram: number[][], cross: number[], rounds = 2000): number[] {
  const n = cross.length;
  if (n === 0) return [];
  // A step of 1 / (largest row sum) bounds the gradient's Lipschitz constant.
  const lipschitz = Math.max(...gram.map((row) => row.reduce((s, v) => s + Math.abs(v), 0)));
  if (!(lipschitz > 0)) return new Array<number>(n).fill(1 / n);
  let weights = new Array<number>(n).fill(1 / n);
  for (let round = 0; round < rounds; round++) {
    const moved = weights.map((w, i) => {
      let gradient = -cross[i]!;
      for (let j = 0; j < n; j++) gradient += gram[i]![j]! * weights[j]!;
      return w - gradient / lipschitz;
    });
    weights = ontoSimplex(moved);
  }
  return weights;
}

/** The nearest point with every entry ≥ 0 and the entries summing to 1 (Euclidean). */
export function ontoSimplex(v: number[]): number[] {
  const sorted = [...v].sort((a, b) => b - a);
  let sum = 0;
  let shift = 0;
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i]!;
    const t = (sum - 1) / (i + 1);
    if (sorted[i]! > t) shift = t;
  }
  return v.map((x) => Math.max(0, x - shift));
}

/** The squared error of a mix, from the normal equations and the truth's Σ truth². */
export function mixError(gram: number[][], cross: number[], truthSquared: number, w: number[]) {
  let error = truthSquared;
  for (let i = 0; i < w.length; i++) {
    error -= 2 * w[i]! * cross[i]!;
    for (let j = 0; j < w.length; j++) error += w[i]! * w[j]! * gram[i]![j]!;
  }
  return Math.max(0, error);
}
