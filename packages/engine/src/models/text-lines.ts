/**
 * DB's post-processing (Liao et al. 2020, as PaddleOCR does it): the probability map marks the
 * shrunk core of each text line; cores are the connected cells above a threshold, scored by
 * their mean probability, and grown back ("unclipped") by area × ratio / perimeter.
 */

/** A cell belongs to a line's core above this probability (PaddleOCR's `thresh`). */
export const CORE_THRESHOLD = 0.3;
/** A line whose core's mean probability is below this is no text (PaddleOCR's `box_thresh`). */
export const LINE_MIN_SCORE = 0.6;
/** PaddleOCR's `unclip_ratio`: how far a core is grown back to the line's full height. */
const UNCLIP_RATIO = 1.5;
/** Cores thinner than this many cells across are specks (PaddleOCR's `min_size`). */
const MIN_THICKNESS = 3;

export interface TextLine {
  /** The mean probability over the line's core (DB's box score), 0..1. */
  score: number;
  /** The box of the grown line in grid cells: left and top inclusive, right and bottom not. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** 1 where the grown line is, over its box, row by row. */
  cells: Uint8Array;
  /** The line's height across its direction, in cells (the short side of the grown region). */
  thickness: number;
}

interface Core {
  cells: number[];
  sum: number;
}

/** The connected cores (8-neighbours) of the cells above the threshold. */
function cores(probability: Float32Array, width: number, height: number): Core[] {
  const seen = new Uint8Array(probability.length);
  const out: Core[] = [];
  const stack: number[] = [];
  for (let start = 0; start < probability.length; start++) {
    if (seen[start] || probability[start]! <= CORE_THRESHOLD) continue;
    const core: Core = { cells: [], sum: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      core.cells.push(p);
      core.sum += probability[p]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (seen[q] || probability[q]! <= CORE_THRESHOLD) continue;
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    out.push(core);
  }
  return out;
}

/**
 * The lengths of the core along and across its direction: a uniform rectangle of length L has
 * variance L²/12 along that side, so the second moments give its sides whatever its angle.
 */
function extent(cells: number[], width: number): { long: number; short: number } {
  let mx = 0;
  let my = 0;
  for (const p of cells) {
    mx += p % width;
    my += Math.floor(p / width);
  }
  mx /= cells.length;
  my /= cells.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of cells) {
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  sxx /= cells.length;
  syy /= cells.length;
  sxy /= cells.length;
  const mean = (sxx + syy) / 2;
  const spread = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  // +1: a row of n cells spans n cells, not the n − 1 between their centres.
  return {
    long: Math.sqrt(12 * (mean + spread)) + 1,
    short: Math.sqrt(12 * Math.max(0, mean - spread)) + 1,
  };
}

/**
 * The core grown by `distance` cells (Euclidean, by a two-pass chamfer distance on the core's
 * box grown by that much).
 */
function grow(cells: number[], width: number, height: number, distance: number) {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (const p of cells) {
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const reach = Math.ceil(distance);
  const left = Math.max(0, x0 - reach);
  const top = Math.max(0, y0 - reach);
  const right = Math.min(width, x1 + reach + 1);
  const bottom = Math.min(height, y1 + reach + 1);
  const w = right - left;
  const h = bottom - top;
  const far = 1e9;
  const dist = new Float32Array(w * h).fill(far);
  for (const p of cells) {
    const x = p % width;
    dist[(Math.floor(p / width) - top) * w + x - left] = 0;
  }
  const diagonal = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let d = dist[i]!;
      if (x > 0) d = Math.min(d, dist[i - 1]! + 1);
      if (y > 0) {
        d = Math.min(d, dist[i - w]! + 1);
        if (x > 0) d = Math.min(d, dist[i - w - 1]! + diagonal);
        if (x < w - 1) d = Math.min(d, dist[i - w + 1]! + diagonal);
      }
      dist[i] = d;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let d = dist[i]!;
      if (x < w - 1) d = Math.min(d, dist[i + 1]! + 1);
      if (y < h - 1) {
        d = Math.min(d, dist[i + w]! + 1);
        if (x < w - 1) d = Math.min(d, dist[i + w + 1]! + diagonal);
        if (x > 0) d = Math.min(d, dist[i + w - 1]! + diagonal);
      }
      dist[i] = d;
    }
  }
  const region = Uint8Array.from(dist, (d) => (d <= distance ? 1 : 0));
  return { left, top, right, bottom, cells: region };
}

/** The text lines of a DB probability map, best first. */
export function textLines(probability: Float32Array, width: number, height: number): TextLine[] {
  const lines: TextLine[] = [];
  for (const core of cores(probability, width, height)) {
    const score = core.sum / core.cells.length;
    if (score < LINE_MIN_SCORE || core.cells.length < MIN_THICKNESS * MIN_THICKNESS) continue;
    const { long, short } = extent(core.cells, width);
    if (short < MIN_THICKNESS) continue;
    const distance = (long * short * UNCLIP_RATIO) / (2 * (long + short));
    const grown = grow(core.cells, width, height, distance);
    lines.push({
      score: Math.round(score * 100) / 100,
      ...grown,
      thickness: short + 2 * distance,
    });
  }
  return lines.sort((a, b) => b.score - a.score);
}
