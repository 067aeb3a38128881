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
  channels: number;
  values: Float32Array;
  /** 1 where the value is to be solved. */
  unknown: Uint8Array;
  /** Per cell STENCIL entries of (cell, weight); null: the four axis neighbours weigh 1. */
  stencil: { cells: Int32Array; weights: Float32Array } | null;
}

/** Entries a cell: four axis neighbours, and two samples along the edge, four cells each. */
export const STENCIL = 12;

/** Gauss–Seidel with over-relaxation: each unknown cell moves to its neighbours' weighted mean. */
export function relax(field: Field, rounds: number): void {
  const { width, height, channels, values, unknown, stencil } = field;
  const cells: number[] = [];
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) cells.push(p);
  const sum = new Float64Array(channels);
  for (let round = 0; round < rounds; round++) {
    for (const p of cells) {
      let total = 0;
      sum.fill(0);
      const add = (q: number, w: number) => {
        total += w;
        for (let c = 0; c < channels; c++) sum[c]! += w * values[q * channels + c]!;
      };
      if (stencil) {
        for (let k = p * STENCIL; k < (p + 1) * STENCIL; k++) {
          if (stencil.cells[k]! >= 0) add(stencil.cells[k]!, stencil.weights[k]!);
        }
      } else {
        const x = p % width;
        const y = (p - x) / width;
        for (const [dx, dy] of AXES) {
          if (x + dx >= 0 && y + dy >= 0 && x + dx < width && y + dy < height) {
            add(p + dy * width + dx, 1);
          }
        }
      }
      if (total === 0) continue;
      for (let c = 0; c < channels; c++) {
        const i = p * channels + c;
        values[i] = values[i]! + OVER_RELAXATION * (sum[c]! / total - values[i]!);
      }
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
  for (let p = 0; p < unknown.length; p++) {
    if (!unknown[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    let k = p * STENCIL;
    const put = (cx: number, cy: number, w: number) => {
      if (cx < 0 || cy < 0 || cx >= width || cy >= height || w <= 0) return;
      cells[k] = cy * width + cx;
      weights[k++] = w;
    };
    for (const [dx, dy] of AXES) put(x + dx, y + dy, 1);
    const [ex, ey, ratio] = direction(p);
    for (const sign of [1, -1]) {
      const sx = x + sign * ex;
      const sy = y + sign * ey;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const inside = (cx: number, cy: number) => cx >= 0 && cy >= 0 && cx < width && cy < height;
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
