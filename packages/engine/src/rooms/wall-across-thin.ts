import { DARKER, RAYS, SAME_WALL } from '../masks/behind-thin-things.ts';
import { grow, step } from '../masks/surface-parts.ts';

/** How many grid cells of something thin (a lamp's leg) the wall's paint may step across. */
const THIN = 12;
/** How far (of the grid's long side) the paint runs on behind a thin thing. */
const BEHIND_REACH = 0.08;

/**
 * The wall seen between thin things standing in front of it (a floor lamp's legs, a chair's
 * rails) is shut off from the rest of the wall: growth stops at each leg's edge, and the
 * light there is often bluer than the wall's mean. From each plain pixel that may be wall
 * (`free`: plain, no piece, nothing kept, no floor) a ray looks up to THIN cells each way:
 * when it crosses something much darker and then meets painted wall of this pixel's colour,
 * the pixel is the same wall behind a thin thing. Paint grows on from there a limited way. A
 * curtain's folds or a ceiling's cornice beside the wall are not dark things between two
 * pieces of one wall, and stay as they are.
 */
export function acrossThinThings(
  wall: Uint8Array,
  free: Uint8Array,
  at: { w: number; h: number; lab: Float32Array },
) {
  const { w, h, lab } = at;
  const seed = Uint8Array.from(wall);
  for (let p = 0; p < w * h; p++) {
    if (wall[p] || !free[p]) continue;
    const x = p % w;
    const y = (p - x) / w;
    for (const [dx, dy] of RAYS) {
      let crossedDark = false;
      let k = 1;
      for (; k <= THIN; k++) {
        const qx = x + dx * k;
        const qy = y + dy * k;
        if (qx < 0 || qy < 0 || qx >= w || qy >= h) break;
        const q = qy * w + qx;
        if (wall[q]) {
          if (crossedDark && step(lab, p, q) < SAME_WALL) seed[p] = 1;
          break;
        }
        if (lab[q * 3]! < lab[p * 3]! - DARKER) crossedDark = true;
      }
      if (seed[p]) break;
    }
  }
  return grow(seed, free, lab, w, h, Math.round(Math.max(w, h) * BEHIND_REACH));
}
