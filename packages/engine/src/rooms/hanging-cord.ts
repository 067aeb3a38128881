import { maskBounds } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';

/** Of the piece's width, the middle share where a cord may leave its top. */
const MIDDLE = 0.6;
/** Of the piece's height, how far below its topmost row a cord may leave it. */
const TOP_BAND = 0.15;
/** Lightness (0..255) a cord stands apart from the wall on both sides of it, to start. */
const START_CONTRAST = 12;
/** ... and to go on (a cord fades a little where the light falls on it). */
const GO_ON_CONTRAST = 7;
/** Rows in a row the cord may fade out before the trace ends. */
const MAX_GAP = 3;
/** Of the image's height, the shortest trace taken for a cord (a fold of wall is shorter). */
const MIN_LENGTH = 0.03;

/**
 * The cord a hanging piece (a pendant lamp) hangs from, as pixels to remove with it: a thin
 * line that leaves the middle of the piece's top and runs up, darker or lighter than the wall
 * on both sides of it alike (a step between two surfaces is an edge, not a cord). Traced row by
 * row, a pixel left or right at each, until it fades out for MAX_GAP rows or meets something
 * wider than a cord (the ceiling's fitting, which stays). Null when no such line leaves it.
 * `hard` is the piece's outline (1 inside) at the image's size.
 */
export function hangingCord(image: RawImage, hard: Uint8Array): Uint8Array | null {
  const { width, height, data } = image;
  const bounds = maskBounds(hard, width);
  if (!bounds || bounds.y0 < 4) return null;
  const { x0, x1, y0, y1 } = bounds;
  // A cord is at most two of these wide; the wall is read this far to either side.
  const side = Math.max(2, Math.round(Math.max(width, height) / 500));
  const luma = (x: number, y: number) => {
    const p = (y * width + x) * 3;
    return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  };
  /** How much a pixel stands apart from the wall equally on both sides; 0 at a step. */
  const contrast = (x: number, y: number) => {
    if (x - side < 0 || x + side >= width) return 0;
    const left = luma(x - side, y);
    const right = luma(x + side, y);
    const off = Math.abs(luma(x, y) - (left + right) / 2);
    return Math.abs(left - right) < off / 2 ? off : 0;
  };

  const pieceWidth = x1 - x0 + 1;
  const band = Math.max(2, Math.round((y1 - y0 + 1) * TOP_BAND));
  const from = Math.round(x0 + (pieceWidth * (1 - MIDDLE)) / 2);
  const to = Math.round(x1 - (pieceWidth * (1 - MIDDLE)) / 2);
  // Every point of the top that something thin leaves is followed; the longest line is the
  // cord (a hook's loop or a rim's highlight ends within a few rows).
  let best: Trace | null = null;
  for (let x = from; x <= to; x++) {
    let top = -1;
    for (let y = y0; y <= Math.min(y1, y0 + band); y++) {
      if (hard[y * width + x]) {
        top = y;
        break;
      }
    }
    if (top < 1 || contrast(x, top - 1) < START_CONTRAST) continue;
    const trace = traceUp(x, top - 1, contrast);
    if (!best || trace.path.length > best.path.length) best = trace;
  }
  if (!best) return null;
  const { path, x, lost, faded } = best;

  // A trace that ends in something wider than a cord (still unlike the wall where it lost the
  // line) ran into the fitting it hangs from: its last rows are the fitting's, which stays
  // (filling them would smear it down the cord's path).
  const far = 3 * side;
  const fitting =
    faded &&
    x - far >= 0 &&
    x + far < width &&
    Math.abs(luma(x, lost) - (luma(x - far, lost) + luma(x + far, lost)) / 2) >= START_CONTRAST;
  const hung = fitting ? path.slice(0, Math.max(0, path.length - 2 * side)) : path;
  if (hung.length < MIN_LENGTH * height) return null;
  const cord = new Uint8Array(width * height);
  const half = Math.max(1, Math.round(side / 2));
  for (const [cx, cy] of hung) {
    for (let dx = -half; dx <= half; dx++) {
      if (cx + dx >= 0 && cx + dx < width) cord[cy * width + cx + dx] = 1;
    }
  }
  return cord;
}

interface Trace {
  path: Array<[number, number]>;
  /** Column where the trace ended. */
  x: number;
  /** The row where it last lost the line. */
  lost: number;
  /** Whether it ended by losing the line for MAX_GAP rows (not at the image's top). */
  faded: boolean;
}

/**
 * Up from (x, y) row by row, a pixel left or right at each, while the line stands apart from
 * the wall (GO_ON_CONTRAST); rows where it faded for at most MAX_GAP are taken too.
 */
function traceUp(start: number, startY: number, contrast: (x: number, y: number) => number) {
  const path: Array<[number, number]> = [];
  let x = start;
  let gap = 0;
  let lost = -1;
  for (let y = startY; y >= 0 && gap <= MAX_GAP; y--) {
    let at = -1;
    let most = GO_ON_CONTRAST;
    for (let dx = -1; dx <= 1; dx++) {
      const c = contrast(x + dx, y);
      if (c > most) {
        most = c;
        at = x + dx;
      }
    }
    if (at < 0) {
      if (gap === 0) lost = y;
      gap++;
      continue;
    }
    for (let g = gap; g > 0; g--) path.push([at, y + g]);
    gap = 0;
    x = at;
    path.push([x, y]);
  }
  return { path, x, lost, faded: gap > MAX_GAP } satisfies Trace;
}
