import { maskBounds } from '../inpaint/mask-tools.ts';
import { labelRegions } from './regions.ts';

/**
 * Of a mask, the share that its mirror image about its best upright axis must cover for the
 * object to be taken as turned (a vase, a bottle): bouquets and branches spreading to one side
 * fall below it and are left as they are.
 */
const MIN_SYMMETRY = 0.75;

/**
 * A vase or a bottle is turned: seen from the side, each row of it is one stretch, the same on
 * both sides of its axis. The segmentation misses parts whose colour is the wall's behind (a
 * white vase's shoulder before a white sofa), on one side more than the other; each row is
 * made the stretch reaching as far from the axis as the row's furthest pixel, on both sides.
 * The axis is the upright line the mask's mirror image overlaps most; a mask less symmetric
 * than MIN_SYMMETRY about it is left as it is. Only the mask's largest part is read; other
 * parts stay as they are. `hard` (255 inside) changes in place; returns whether it did.
 */
export function turnedOutline(hard: Uint8Array, width: number, height: number): boolean {
  // The object is its largest part: a stray bit beside it would widen whole rows to its reach.
  const { labels, sizes } = labelRegions(width, height, (p) => hard[p] !== 0);
  if (sizes.length < 2) return false;
  const main = sizes.indexOf(Math.max(...sizes.slice(1)));
  const body = Uint8Array.from(labels, (l) => (l === main ? 1 : 0));
  const box = maskBounds(body, width);
  if (!box) return false;
  const { x0, x1, y0, y1 } = box;
  const area = sizes[main]!;
  // The axis in half pixels: `twice` = 2 × axis, so a pixel x mirrors to twice − x.
  // Sought over the middle half of the box: the axis of anything turned lies there.
  const spread = Math.ceil((x1 - x0) / 2);
  let bestTwice = x0 + x1;
  let bestOverlap = -1;
  for (let twice = x0 + x1 - spread; twice <= x0 + x1 + spread; twice++) {
    let overlap = 0;
    for (let y = y0; y <= y1; y++) {
      const row = y * width;
      for (let x = x0; x <= x1; x++) {
        const m = twice - x;
        if (body[row + x] && m >= 0 && m < width && body[row + m]) overlap++;
      }
    }
    if (overlap > bestOverlap) [bestOverlap, bestTwice] = [overlap, twice];
  }
  if (bestOverlap < MIN_SYMMETRY * area) return false;
  const axis = bestTwice / 2;
  for (let y = y0; y <= y1 && y < height; y++) {
    const row = y * width;
    let reach = -1;
    for (let x = x0; x <= x1; x++) if (body[row + x]) reach = Math.max(reach, Math.abs(x - axis));
    if (reach < 0) continue;
    const from = Math.max(0, Math.ceil(axis - reach));
    const to = Math.min(width - 1, Math.floor(axis + reach));
    hard.fill(255, row + from, row + to + 1);
  }
  return true;
}
