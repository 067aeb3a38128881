import { dilate } from './mask-tools.ts';
import type { Level } from './pyramid.ts';

export { seededRandom } from '../colour.ts';

/**
 * A nearest-neighbour field: for every target pixel (a hole pixel, or one whose patch touches
 * the hole) the centre of the known patch that looks most like its own, and how different the
 * two are (sum of squared RGB differences over the patch).
 */
export interface Nnf {
  /** Target pixel indices, row by row. */
  targets: Int32Array;
  /** Per pixel: index of the source patch's centre, or -1 for pixels that are no target. */
  source: Int32Array;
  cost: Float32Array;
}

export type Random = () => number;

/** Pixels whose patch overlaps the hole: the hole grown by the patch radius. */
export function targetPixels(level: Level, radius: number): Int32Array {
  return indicesOf(dilate(level.hole, level.width, level.height, radius));
}

/** Positions of the non-zero values, in order. */
export function indicesOf(values: Uint8Array): Int32Array {
  let count = 0;
  for (let p = 0; p < values.length; p++) if (values[p]) count++;
  const out = new Int32Array(count);
  for (let p = 0, k = 0; p < values.length; p++) if (values[p]) out[k++] = p;
  return out;
}

/**
 * Centres whose whole patch lies inside the level and outside the hole (and, unless that
 * leaves too little, outside the excluded areas: other objects).
 */
export function validSources(level: Level, radius: number, useExclude = true): Uint8Array {
  const { width, height, hole } = level;
  const exclude = useExclude ? level.exclude : undefined;
  // Summed-area table of hole (and excluded) pixels: a patch is clean when its sum is zero.
  const sums = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += hole[y * width + x]! | (exclude?.[y * width + x] ?? 0);
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const valid = new Uint8Array(width * height);
  for (let y = radius; y < height - radius; y++) {
    for (let x = radius; x < width - radius; x++) {
      const x0 = x - radius;
      const y0 = y - radius;
      const x1 = x + radius + 1;
      const y1 = y + radius + 1;
      const inside =
        sums[y1 * (width + 1) + x1]! -
        sums[y0 * (width + 1) + x1]! -
        sums[y1 * (width + 1) + x0]! +
        sums[y0 * (width + 1) + x0]!;
      if (inside === 0) valid[y * width + x] = 1;
    }
  }
  return valid;
}

/**
 * Squared RGB difference per pixel that a source half the level away costs extra, so far-off
 * look-alikes (a lamp across the room) lose to nearby wall and floor of similar fit.
 */
const LOCALITY = 300;

/**
 * Sum of squared differences between the patches centred on target `t` and source `s`, over the
 * target patch's pixels inside the level. Stops early once it exceeds `cap`.
 */
export function patchCost(
  level: Level,
  t: number,
  s: number,
  radius: number,
  cap = Infinity,
): number {
  const { width, height, pixels } = level;
  const tx = t % width;
  const ty = (t - tx) / width;
  const sx = s % width;
  const sy = (s - sx) / width;
  // Nearby patches are preferred: a far one must match clearly better to be taken.
  const half = Math.max(width, height) / 2;
  const side = 2 * radius + 1;
  let sum = (LOCALITY * side * side * ((tx - sx) ** 2 + (ty - sy) ** 2)) / (half * half);
  for (let dy = -radius; dy <= radius; dy++) {
    const y = ty + dy;
    if (y < 0 || y >= height) continue;
    const tRow = y * width;
    const sRow = (sy + dy) * width + sx - tx;
    const xStart = Math.max(0, tx - radius);
    const xEnd = Math.min(width - 1, tx + radius);
    for (let x = xStart; x <= xEnd; x++) {
      const a = (tRow + x) * 3;
      const b = (sRow + x) * 3;
      const d0 = pixels[a]! - pixels[b]!;
      const d1 = pixels[a + 1]! - pixels[b + 1]!;
      const d2 = pixels[a + 2]! - pixels[b + 2]!;
      sum += d0 * d0 + d1 * d1 + d2 * d2;
    }
    if (sum >= cap) return sum;
  }
  return sum;
}

function randomValid(valid: Uint8Array, pool: Int32Array, random: Random): number {
  return pool[Math.floor(random() * pool.length)] ?? valid.indexOf(1);
}

/**
 * Whether source `s` may fill target `t` in a room (`level.floorRow` set): wall from wall and
 * floor from floor, so the wall–floor line continues straight through the hole.
 */
export function sameSide(level: Level, t: number, s: number): boolean {
  const line = level.floorRow;
  if (line === undefined) return true;
  return Math.floor(t / level.width) + 0.5 < line === Math.floor(s / level.width) + 0.5 < line;
}

/** A random usable source for `t`, on its side of the wall–floor line when there is one. */
function randomSource(
  level: Level,
  t: number,
  valid: Uint8Array,
  pool: Int32Array,
  random: Random,
): number {
  let s = randomValid(valid, pool, random);
  if (level.floorRow === undefined) return s;
  for (let tries = 0; tries < 40 && !sameSide(level, t, s); tries++) {
    s = randomValid(valid, pool, random);
  }
  if (sameSide(level, t, s)) return s;
  // Few usable patches on this side: scan the pool from a random place for one.
  const offset = Math.floor(random() * pool.length);
  for (let i = 0; i < pool.length; i++) {
    const candidate = pool[(offset + i) % pool.length]!;
    if (sameSide(level, t, candidate)) return candidate;
  }
  return s;
}

export const validPool = indicesOf;

/** A field of random matches: the start at the coarsest scale. */
export function randomNnf(
  level: Level,
  targets: Int32Array,
  valid: Uint8Array,
  pool: Int32Array,
  radius: number,
  random: Random,
): Nnf {
  const source = new Int32Array(level.width * level.height).fill(-1);
  const cost = new Float32Array(level.width * level.height);
  for (const t of targets) {
    const s = randomSource(level, t, valid, pool, random);
    source[t] = s;
    cost[t] = patchCost(level, t, s, radius);
  }
  return { targets, source, cost };
}

/**
 * The coarser field carried to this scale: each target takes its parent's match, doubled,
 * plus its own offset inside the 2×2 block, so coherent copies stay coherent. A match that
 * lands on an unusable patch is replaced by a nearby usable one or a random one.
 */
export function upsampleNnf(
  coarse: Nnf,
  coarseWidth: number,
  level: Level,
  targets: Int32Array,
  valid: Uint8Array,
  pool: Int32Array,
  radius: number,
  random: Random,
): Nnf {
  const { width, height } = level;
  const source = new Int32Array(width * height).fill(-1);
  const cost = new Float32Array(width * height);
  for (const t of targets) {
    const x = t % width;
    const y = (t - x) / width;
    const parent = coarse.source[(y >> 1) * coarseWidth + (x >> 1)] ?? -1;
    let chosen = -1;
    if (parent >= 0) {
      const px = parent % coarseWidth;
      const py = (parent - px) / coarseWidth;
      const sx = Math.min(width - 1, 2 * px + (x & 1));
      const sy = Math.min(height - 1, 2 * py + (y & 1));
      chosen = nearestValid(valid, width, height, sx, sy);
    }
    const usable = chosen >= 0 && sameSide(level, t, chosen);
    source[t] = usable ? chosen : randomSource(level, t, valid, pool, random);
  }
  return { targets, source, cost };
}

function nearestValid(valid: Uint8Array, width: number, height: number, x: number, y: number) {
  for (let r = 0; r <= 2; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        if (valid[ny * width + nx]) return ny * width + nx;
      }
    }
  }
  return -1;
}

export function refreshCosts(level: Level, nnf: Nnf, radius: number): void {
  for (const t of nnf.targets) nnf.cost[t] = patchCost(level, t, nnf.source[t]!, radius);
}

/**
 * PatchMatch (Barnes et al. 2009): alternate scans in which every target tries its scan-order
 * neighbours' matches shifted by one pixel (propagation), then random candidates in windows
 * halving from `searchRadius` around its current match (random search).
 */
export function improveNnf(
  level: Level,
  nnf: Nnf,
  valid: Uint8Array,
  radius: number,
  iterations: number,
  searchRadius: number,
  random: Random,
): void {
  const { width, height } = level;
  const { targets, source, cost } = nnf;
  const scratch = new Int32Array(2);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const forward = iteration % 2 === 0;
    const step = forward ? 1 : -1;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[forward ? i : targets.length - 1 - i]!;
      const tx = t % width;
      let best = source[t]!;
      let bestCost = cost[t]!;
      // Propagation from the left/right and upper/lower neighbours already visited.
      const candidates = scratch;
      let count = 0;
      const nx = tx - step;
      if (nx >= 0 && nx < width) {
        const from = source[t - step]!;
        const fx = (from % width) + step;
        if (from >= 0 && fx >= 0 && fx < width) candidates[count++] = from + step;
      }
      const up = t - step * width;
      if (up >= 0 && up < source.length) {
        const from = source[up]!;
        const shifted = from + step * width;
        if (from >= 0 && shifted >= 0 && shifted < source.length) candidates[count++] = shifted;
      }
      for (let k = 0; k < count; k++) {
        const candidate = candidates[k]!;
        if (candidate === best || !valid[candidate]) continue;
        if (!sameSide(level, t, candidate)) continue;
        const c = patchCost(level, t, candidate, radius, bestCost);
        if (c < bestCost) {
          best = candidate;
          bestCost = c;
        }
      }
      // Random search in shrinking windows around the best match so far.
      const bx = best % width;
      const by = (best - bx) / width;
      for (let r = searchRadius; r >= 1; r >>= 1) {
        const cx = Math.min(width - 1, Math.max(0, bx + Math.round((random() * 2 - 1) * r)));
        const cy = Math.min(height - 1, Math.max(0, by + Math.round((random() * 2 - 1) * r)));
        const candidate = cy * width + cx;
        if (candidate === best || !valid[candidate]) continue;
        if (!sameSide(level, t, candidate)) continue;
        const c = patchCost(level, t, candidate, radius, bestCost);
        if (c < bestCost) {
          best = candidate;
          bestCost = c;
        }
      }
      source[t] = best;
      cost[t] = bestCost;
    }
  }
}
