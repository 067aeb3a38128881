import { robustLine } from './line-fit.ts';

/** A picture's left and right side lines: x at row y, in work pixels. */
export interface Sides {
  left: (y: number) => number;
  right: (y: number) => number;
}

/** Colour step (ΔE) across a side below which a row shows no edge of the picture's own. */
const EDGE_MIN = 4;
/** Share of the rows that must show the edge for it to be followed. */
const EDGE_ROWS = 0.5;

/**
 * The side lines moved onto the picture's own edges. The lines are fitted to a part found
 * by texture, and a plain wall beside a frame is textured too within a few pixels of it
 * (the texture window straddles the edge), so the part, and a picture widened back by the
 * thinning, reached about two work pixels onto the wall: a pale band the style's paint left
 * beside the painting. In each row (corners left out: what touches them is no evidence) the
 * edge is the first clear step of colour coming from the wall, within `reach` + 2 pixels of
 * the part's line, and the side is the line most of those lie on. The result's left(y) is
 * the picture's first column and right(y) its last. A side with no clear edge keeps the
 * part's line widened by `reach`, as before.
 */
export function sidesOnEdges(
  lab: Float32Array,
  w: number,
  sides: Sides,
  rows: { y0: number; y1: number },
  reach: number,
): Sides {
  const span = rows.y1 - rows.y0;
  const from = Math.round(rows.y0 + span * 0.1);
  const to = Math.round(rows.y0 + span * 0.9);
  const step = (x: number, y: number) => {
    const p = (y * w + x) * 3;
    return Math.hypot(lab[p]! - lab[p - 3]!, lab[p + 1]! - lab[p - 2]!, lab[p + 2]! - lab[p - 1]!);
  };
  /**
   * Per row, the first column x from the wall's side (`outward`: −1 for the left side) where
   * the colour steps clearly from x − 1 to x: the wall is plain, so the first step is the
   * picture's own edge (a pale canvas on a pale wall differs in hue more than in lightness),
   * however strongly its paint steps further in.
   */
  const edgeLine = (line: (y: number) => number, lo: number, hi: number, outward: -1 | 1) => {
    const points: Array<[number, number]> = [];
    for (let y = from; y <= to; y++) {
      const first = Math.max(1, Math.round(line(y) + lo));
      const last = Math.min(w - 1, Math.round(line(y) + hi));
      for (let i = 0; i <= last - first; i++) {
        const x = outward < 0 ? first + i : last - i;
        if (step(x, y) > EDGE_MIN) {
          points.push([y, x]);
          break;
        }
      }
    }
    if (points.length < (to - from + 1) * EDGE_ROWS) return null;
    const fitted = robustLine(points);
    return fitted && fitted.residual <= 1 ? fitted.at : null;
  };
  // Left: the step into the picture is between the wall's column and its first column.
  const left = edgeLine(sides.left, -reach - 2, 2, -1);
  // Right: between its last column and the wall's.
  const right = edgeLine(sides.right, -1, reach + 3, 1);
  return {
    left: left ? (y) => Math.round(left(y)) : (y) => Math.floor(sides.left(y)) - reach,
    right: right ? (y) => Math.round(right(y)) - 1 : (y) => Math.ceil(sides.right(y)) + reach,
  };
}
