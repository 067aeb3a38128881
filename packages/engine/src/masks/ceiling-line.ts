import { litColourStep, rgbToLab } from '../colour.ts';
import { leastSquaresLine } from './line-fit.ts';
import type { Mask } from './mask.ts';

/** How far, in the working grid's cells (400 on the long side), the line is looked for. */
const SEARCH_CELLS = 3;
/** Colour jump (see litColourStep, across two rows) below which a column's line is not trusted. */
const MIN_JUMP = 2;

/** Per column, the first row below the ceiling mask's top run; -1 where it has none. */
function coarseLine(ceiling: Mask): Int32Array {
  const { width, height, data } = ceiling;
  const rows = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height && data[y * width + x]! >= 128) y++;
    if (y > 0 && y < height) rows[x] = y;
  }
  return rows;
}

/** Mean distance in rows from a straight line above which a stretch of line is no line. */
const MAX_WAVER = 1;
/** Share of a stretch's columns that must show the jump. */
const MIN_SHOWN = 0.6;

/** The straight line through (offset, row) points: its row at offset 0 and the mean miss. */
function fitLine(points: Array<[number, number]>) {
  const line = leastSquaresLine(points);
  const miss = (x: number, y: number) => Math.abs(y - line.at(x));
  let total = 0;
  for (const [x, y] of points) total += miss(x, y);
  return { at: line.offset, waver: total / points.length, miss };
}

/**
 * The row a wall–ceiling line passes at the middle of a stretch of columns, or null when the
 * stretch shows no straight line: too few columns with a jump, or jumps that waver (a wavy
 * edge of light on a wall, a plank ceiling's seams). Stray columns are dropped once.
 */
function straightAt(points: Array<[number, number]>, columns: number): number | null {
  if (points.length < columns * MIN_SHOWN) return null;
  let fit = fitLine(points);
  if (fit.waver > MAX_WAVER) {
    const kept = points.filter(([x, y]) => fit.miss(x, y) <= 2);
    if (kept.length < columns * MIN_SHOWN) return null;
    fit = fitLine(kept);
    if (fit.waver > MAX_WAVER) return null;
  }
  return Math.round(fit.at);
}

/**
 * The wall–ceiling line at full size: per column, near where the coarse ceiling mask ends, the
 * row of the strongest colour jump (over a few columns, so a speck is no line); where those
 * rows run straight over a fortieth of the width each way, the straight line's row. -1 where no
 * ceiling lies above the column or no straight line shows.
 */
export function ceilingLine(image: { width: number; height: number; data: Buffer }, ceiling: Mask) {
  const { width, height, data } = image;
  const coarse = coarseLine(ceiling);
  const reach = Math.ceil((SEARCH_CELLS * Math.max(width, height)) / 400);
  const colourAt = (x: number, y: number, into: Float32Array, at: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    const lab = [0, 0, 0];
    for (let dx = -2; dx <= 2; dx++) {
      const cx = x + dx;
      if (cx < 0 || cx >= width) continue;
      const p = y * width + cx;
      rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, lab);
      for (let c = 0; c < 3; c++) sum[c]! += lab[c]!;
      n++;
    }
    for (let c = 0; c < 3; c++) into[at * 3 + c] = sum[c]! / n;
  };
  const raw = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    const at = coarse[x]!;
    if (at < 0) continue;
    const top = Math.max(1, at - reach);
    const bottom = Math.min(height - 2, at + reach);
    if (bottom <= top) continue;
    // A green wall meets a beige ceiling at one lightness: the jump is in colour.
    const column = new Float32Array((bottom - top + 3) * 3);
    for (let y = top - 1; y <= bottom + 1; y++) colourAt(x, y, column, y - top + 1);
    let best = MIN_JUMP;
    for (let y = top; y <= bottom; y++) {
      const jump = litColourStep(column, (y - top + 2) * 3, (y - top) * 3);
      if (jump > best) {
        best = jump;
        raw[x] = y;
      }
    }
  }
  const window = Math.max(4, Math.round(width / 40));
  const line = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    if (coarse[x]! < 0) continue;
    const near: Array<[number, number]> = [];
    let columns = 0;
    for (let k = Math.max(0, x - window); k <= Math.min(width - 1, x + window); k++) {
      if (coarse[k]! >= 0) columns++;
      if (raw[k]! >= 0) near.push([k - x, raw[k]!]);
    }
    // At the frame's edge or the ceiling's end the stretch is one-sided, but no shorter than
    // half of it.
    const at = straightAt(near, Math.max(columns, window));
    if (at !== null) line[x] = at;
  }
  return line;
}

/**
 * The wall mask cut at the wall–ceiling line: where the ceiling is as pale as the wall, the
 * full-size edge decision lets the wall run up into the ceiling in bumps; the line is straight
 * and sharp, so nothing above it is wall.
 */
export function cutAtCeilingLine(
  image: { width: number; height: number; data: Buffer },
  wall: Mask,
  ceiling: Mask,
): Mask {
  const line = ceilingLine(image, ceiling);
  const out = Uint8Array.from(wall.data);
  for (let x = 0; x < wall.width; x++) {
    const row = line[x]!;
    // The jump is centred on `row`: its own pixel is half ceiling, half wall.
    for (let y = 0; y <= row; y++)
      out[y * wall.width + x] = y === row ? out[y * wall.width + x]! >> 1 : 0;
  }
  return { width: wall.width, height: wall.height, data: out };
}
