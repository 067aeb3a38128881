/** Largest Lab step between neighbours the floor grows across (a board's gap is less). */
const STEP = 8;
/**
 * Above the line, the step is smaller: the boards run on smoothly, while the bottom of a canvas
 * leaning on the wall, as textured, is an edge of 5 or so at the working size.
 */
const STEP_ABOVE = 3;
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
 * below the line, and above it where the surface is textured (the wall there is plain; its
 * skirting line is not crossed).
 */
export function growFloor(
  kind: Uint8Array,
  lab: Float32Array,
  texture: Float32Array,
  w: number,
  h: number,
  floorRow: number,
  nearFloor: (p: number) => number,
): void {
  const top = Math.max(0, Math.floor(floorRow - ABOVE * h));
  const bottom = Math.min(h, Math.ceil(floorRow + BELOW * h));
  const queue: number[] = [];
  for (let p = 0; p < kind.length; p++) if (kind[p] === 2) queue.push(p);
  const step = (p: number, q: number) =>
    Math.hypot(
      lab[p * 3]! - lab[q * 3]!,
      lab[p * 3 + 1]! - lab[q * 3 + 1]!,
      lab[p * 3 + 2]! - lab[q * 3 + 2]!,
    );
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    const x = p % w;
    const y = (p - x) / w;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || xx >= w || yy < top || yy >= bottom) continue;
      const q = yy * w + xx;
      if (kind[q] !== 0 || step(p, q) > STEP || nearFloor(q) > NEAR_FLOOR) continue;
      if (yy < floorRow && (texture[q]! <= TEXTURED || step(p, q) > STEP_ABOVE)) continue;
      kind[q] = 2;
      queue.push(q);
    }
  }
}
