// The grids the structure fill is solved on: a weighted-mean stencil per unknown cell, solved
// by Gauss–Seidel, and the box mean that smooths the edges' tensor.

const OVER_RELAXATION = 1.9;
const AXES = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

export interface Field {
  width: number;
  height: number;
  /** Colour fields only: the solver keeps its three sums in locals. */
  channels: 3;
  values: Float32Array;
  /** 1 where the value is to be solved. */
  unknown: Uint8Array;
  /** Per cell STENCIL entries of (cell, weight); null: the four axis neighbours weigh 1. */
  stencil: { cells: Int32Array; weights: Float32Array } | null;
}

/** Entries a cell: four axis neighbours, and two samples along the edge, four cells each. */
export const STENCIL = 12;

function unknownCells(unknown: Uint8Array): Int32Array {
  let count = 0;
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) count++;
  const cells = new Int32Array(count);
  let i = 0;
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) cells[i++] = p;
  return cells;
}

/**
 * Gauss–Seidel with over-relaxation: each unknown cell moves to its neighbours' weighted mean.
 * The loops are written out, with no function made per cell: this runs millions of times per
 * fill, and under tsx every closure made also gets its name set (esbuild's keepNames), which
 * took most of a room's time.
 */
export function relax(field: Field, rounds: number): void {
  const { width, height, values, unknown, stencil } = field;
  const cells = unknownCells(unknown);
  const count = cells.length;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < count; i++) {
      const p = cells[i]!;
      let total = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      if (stencil) {
        const end = (p + 1) * STENCIL;
        for (let k = p * STENCIL; k < end; k++) {
          const q = stencil.cells[k]!;
          if (q < 0) continue;
          const w = stencil.weights[k]!;
          total += w;
          s0 += w * values[q * 3]!;
          s1 += w * values[q * 3 + 1]!;
          s2 += w * values[q * 3 + 2]!;
        }
      } else {
        const x = p % width;
        const y = (p - x) / width;
        for (let a = 0; a < 4; a++) {
          const dx = AXES[a]![0];
          const dy = AXES[a]![1];
          if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height) continue;
          const q = p + dy * width + dx;
          total += 1;
          s0 += values[q * 3]!;
          s1 += values[q * 3 + 1]!;
          s2 += values[q * 3 + 2]!;
        }
      }
      if (total === 0) continue;
      const o = p * 3;
      values[o] = values[o]! + OVER_RELAXATION * (s0 / total - values[o]!);
      values[o + 1] = values[o + 1]! + OVER_RELAXATION * (s1 / total - values[o + 1]!);
      values[o + 2] = values[o + 2]! + OVER_RELAXATION * (s2 / total - values[o + 2]!);
    }
  }
}

/**
 * The stencil of every unknown cell from its edge direction (ex, ey) and how much more the
 * direction weighs (ratio): the four axis neighbours weigh 1, and the points one cell along
 * the edge either way (bilinear over the four cells around each) weigh ratio − 1 — so an edge
 * at any angle runs on, not only along rows, columns and diagonals.
 */
export function stencilOf(
  width: number,
  height: number,
  unknown: Uint8Array,
  direction: (p: number) => readonly [number, number, number],
): NonNullable<Field['stencil']> {
  const cells = new Int32Array(width * height * STENCIL).fill(-1);
  const weights = new Float32Array(width * height * STENCIL);
  // Made once, not per cell (see `relax`).
  let k = 0;
  const put = (cx: number, cy: number, w: number) => {
    if (cx < 0 || cy < 0 || cx >= width || cy >= height || w <= 0) return;
    cells[k] = cy * width + cx;
    weights[k++] = w;
  };
  const inside = (cx: number, cy: number) => cx >= 0 && cy >= 0 && cx < width && cy < height;
  for (let p = 0; p < unknown.length; p++) {
    if (!unknown[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    k = p * STENCIL;
    for (const [dx, dy] of AXES) put(x + dx, y + dy, 1);
    const [ex, ey, ratio] = direction(p);
    for (const sign of [1, -1]) {
      const sx = x + sign * ex;
      const sy = y + sign * ey;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      if (!inside(x0, y0) && !inside(x0 + 1, y0 + 1)) continue;
      put(x0, y0, (ratio - 1) * (1 - fx) * (1 - fy));
      put(x0 + 1, y0, (ratio - 1) * fx * (1 - fy));
      put(x0, y0 + 1, (ratio - 1) * (1 - fx) * fy);
      put(x0 + 1, y0 + 1, (ratio - 1) * fx * fy);
    }
  }
  return { cells, weights };
}

/** Mean over a (2r+1)² box of the cells where `known` is set; 0 where none is. */
export function boxMeanOfKnown(
  v: Float32Array,
  known: Uint8Array,
  w: number,
  h: number,
  r: number,
) {
  const rowSum = new Float32Array(v.length);
  const rowCount = new Float32Array(v.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let d = -r; d <= r; d++) {
        const p = y * w + x + d;
        if (x + d < 0 || x + d >= w || !known[p]) continue;
        rowSum[y * w + x]! += v[p]!;
        rowCount[y * w + x]!++;
      }
    }
  }
  const out = new Float32Array(v.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let d = Math.max(-y, -r); d <= r && y + d < h; d++) {
        s += rowSum[(y + d) * w + x]!;
        n += rowCount[(y + d) * w + x]!;
      }
      out[y * w + x] = n ? s / n : 0;
    }
  }
  return out;
}
