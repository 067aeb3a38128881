import { grow, SMOOTH_STEP } from './surface-parts.ts';

/** Lab step between neighbours the floor grows across below the line (a board's gap is less). */
const STEP = 8;
/**
 * Above the line, only smooth steps: the boards run on smoothly, while the bottom of a canvas
 * leaning on the wall, as textured, is an edge of 5 or so at the working size.
 */
const STEP_ABOVE = SMOOTH_STEP;
/** How far above and below the wall–floor line the floor may grow, as shares of the height. */
const ABOVE = 0.06;
const BELOW = 0.1;
/** Lab distance to the floor's nearest colour model within which it may grow. */
const NEAR_FLOOR = 32;
/** Mean lightness step above which a part is textured (boards), not a plain wall. */
const TEXTURED = 2.5;

/**
 * The floor's colour models are learnt from the bottom of the photo; the boards by the wall lie
 * in the room's shade and match none of them, so they were left out, and a restyle drew a hard
 * line across the boards where its floor stopped. From the floor found (`kind` 2), the floor
 * grows into unclassified neighbours (`kind` 0) while the colour changes gently from pixel to
 * pixel and stays within reach of the floor's colours, near the line only (further down, what
 * matches no floor colour is a thing the detector does not know, a beanbag or a rug's fringe):
 * below the line, then above it where the surface is textured (the wall there is plain; its
 * skirting line is not crossed).
 */
export function growFloor(
  kind: Uint8Array,
  lab: Float32Array,
  texture: Float32Array,
  w: number,
  h: number,
  /** Per column, the wall–floor line's row. */
  floorRows: Float32Array,
  nearFloor: (p: number) => number,
): void {
  const rowOf = (p: number) => Math.floor(p / w) - floorRows[p % w]!;
  const open = (p: number) =>
    kind[p] === 0 && rowOf(p) >= -ABOVE * h && rowOf(p) < BELOW * h && nearFloor(p) <= NEAR_FLOOR;
  const onBelow = (p: number) => Math.floor(p / w) >= Math.ceil(floorRows[p % w]!);
  const below = Uint8Array.from(kind, (_, p) => (onBelow(p) && open(p) ? 1 : 0));
  const above = Uint8Array.from(kind, (_, p) =>
    !onBelow(p) && texture[p]! > TEXTURED && open(p) ? 1 : 0,
  );
  const floor = Uint8Array.from(kind, (k) => (k === 2 ? 1 : 0));
  const grown = grow(
    grow(floor, below, lab, w, h, Infinity, STEP),
    above,
    lab,
    w,
    h,
    Infinity,
    STEP_ABOVE,
  );
  for (let p = 0; p < kind.length; p++) if (grown[p] && kind[p] === 0) kind[p] = 2;
}
