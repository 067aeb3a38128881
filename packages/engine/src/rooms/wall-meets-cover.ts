import { dilate } from '../inpaint/mask-tools.ts';

/** Below this weight a layer has no part in a pixel. */
const PRESENT = 0.01;

/**
 * Where the wall meets a dyed cover, each edge is read on its own from the photo's colours: a
 * lit arm fades from the fabric's colour towards the wall's, so the wall's edge calls the strip
 * fabric, the cover's edge calls it part wall, and neither paints it (a pale comb 4–8 px wide
 * down the arm). In the seam (within `reach` pixels of both), what the two leave of what is
 * free (not kept, not floor) goes to the cover: the strip is the lit fabric's, and sharing it
 * by their parts painted the wall's colour along a chair's lit rim. Changes `cover` in place.
 */
export function shareTheSeam(
  wall: Float32Array,
  cover: Float32Array,
  at: {
    width: number;
    height: number;
    reach: number;
    kept: Float32Array;
    floor: Float32Array | null;
  },
): void {
  const { width, height, reach } = at;
  const present = (layer: Float32Array) =>
    dilate(
      Uint8Array.from(layer, (v) => (v >= PRESENT ? 1 : 0)),
      width,
      height,
      reach,
    );
  const nearWall = present(wall);
  const nearCover = present(cover);
  for (let p = 0; p < wall.length; p++) {
    if (!nearWall[p] || !nearCover[p]) continue;
    const w = wall[p]!;
    const free = (1 - at.kept[p]!) * (1 - (at.floor?.[p] ?? 0));
    if (w + cover[p]! < PRESENT || w + cover[p]! >= free) continue;
    cover[p] = free - w;
  }
}
