import { rgbToLab } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';

/** Lab distance from the painted wall just below within which a gap pixel is wall. */
const GAP_COLOUR = 10;

/**
 * A style's wall weights carried up to the wall–ceiling line and cut there: the wall layer,
 * found on a grid with the ceiling cut out along its own edge, stops short of the line in
 * steps and bumps, leaving a ragged strip of old paint under the ceiling. Per column with a
 * line, nothing above it is wall; below it, rows up to `reach` above the first painted row
 * take that row's weight where their colour is the wall's there (a picture's frame is not).
 */
export function wallUpToCeilingLine(
  image: RawImage,
  wall: Float32Array,
  line: Int32Array,
  reach: number,
): void {
  const { width, height, data } = image;
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  for (let x = 0; x < width; x++) {
    const row = line[x]!;
    if (row < 0) continue;
    for (let y = 0; y < row; y++) wall[y * width + x] = 0;
    wall[row * width + x] = wall[row * width + x]! / 2;
    let painted = -1;
    for (let y = row + 1; y <= Math.min(height - 1, row + reach); y++) {
      if (wall[y * width + x]! >= 0.5) {
        painted = y;
        break;
      }
    }
    if (painted < 0) continue;
    const q = painted * width + x;
    rgbToLab(data[q * 3]!, data[q * 3 + 1]!, data[q * 3 + 2]!, b);
    for (let y = painted - 1; y > row; y--) {
      const p = y * width + x;
      rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, a);
      if (Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) > GAP_COLOUR) break;
      wall[p] = Math.max(wall[p]!, wall[q]!);
    }
  }
}
