import type { RawImage } from '../raw-image.ts';
import type { Level } from './pyramid.ts';

/**
 * The wall–floor line of a room photo from the pixels that stay (the mask's own are left out,
 * so the sofa's edge is not taken for the skirting): the row where the mean colour of rows
 * changes most between 40 % and 90 % of the height. Null when no row stands out.
 */
export function floorLineOutside(image: RawImage, mask: Uint8Array): number | null {
  const { width, height, data } = image;
  const means = new Float64Array(height * 3);
  const usable = new Uint8Array(height);
  const step = Math.max(1, Math.floor(width / 400));
  for (let y = 0; y < height; y++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let x = 0; x < width; x += step) {
      const p = y * width + x;
      if (mask[p]) continue;
      r += data[p * 3]!;
      g += data[p * 3 + 1]!;
      b += data[p * 3 + 2]!;
      n++;
    }
    if (n < (width / step) * 0.1) continue;
    usable[y] = 1;
    means.set([r / n, g / n, b / n], y * 3);
  }
  const gap = Math.max(2, Math.round(height / 40));
  let best = 0;
  let bestRow = -1;
  for (let y = Math.round(height * 0.4); y < Math.round(height * 0.9) - gap; y++) {
    if (!usable[y] || !usable[y + gap]) continue;
    let change = 0;
    for (let c = 0; c < 3; c++) change += Math.abs(means[(y + gap) * 3 + c]! - means[y * 3 + c]!);
    if (change > best) {
      best = change;
      bestRow = y + gap / 2;
    }
  }
  return best > 20 ? bestRow : null;
}

/**
 * The starting guess for a room: above the wall–floor line the hole continues the wall over it,
 * below the line the floor under it. Each column's colour is the median of what borders the
 * hole in the columns around it (a twelfth of the width), so a picture frame or a chair leg at
 * the hole's edge is not drawn down through it. Walls and floors continue that way in a photo
 * taken facing a wall, and the line stays straight where an onion peel would bend it round
 * the hole; PatchMatch then adds the texture.
 */
export function fillAlongColumns(level: Level): void {
  const { width, height, pixels, hole, exclude } = level;
  const line = level.floorRow ?? height;
  const usable = (p: number) => !hole[p] && !exclude?.[p];
  // Per column: the known colour just above the hole's top and just below its bottom.
  const edge = (x: number, from: number, direction: number) => {
    let y = from;
    while (y >= 0 && y < height && !hole[y * width + x]) y += direction; // down to the hole
    if (y < 0 || y >= height) return -1;
    while (y !== from && !usable(y * width + x)) y -= direction; // back to what is known
    return usable(y * width + x) ? y * width + x : -1;
  };
  const above = Array.from({ length: width }, (_, x) => edge(x, 0, 1));
  const under = Array.from({ length: width }, (_, x) => edge(x, height - 1, -1));
  const window = Math.max(4, Math.round(width / 24));
  const median = (edges: number[], x: number) => {
    const near = edges.slice(Math.max(0, x - window), x + window + 1).filter((p) => p >= 0);
    if (near.length === 0) return null;
    return [0, 1, 2].map((c) => {
      const values = near.map((p) => pixels[p * 3 + c]!).sort((a, b) => a - b);
      return values[values.length >> 1]!;
    });
  };
  const filled = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    const wall = median(above, x);
    const floor = median(under, x);
    for (let y = 0; y < height; y++) {
      const p = y * width + x;
      if (!hole[p]) continue;
      // A hole reaching the frame's edge: the other side is all there is.
      const colour = y + 0.5 >= line ? (floor ?? wall) : (wall ?? floor);
      if (!colour) continue;
      for (let c = 0; c < 3; c++) pixels[p * 3 + c] = colour[c]!;
      filled[p] = 1;
    }
  }
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p] || filled[p]) continue;
    const x = p % width;
    for (let d = 1; d < width; d++) {
      const q = x - d >= 0 && filled[p - d] ? p - d : x + d < width && filled[p + d] ? p + d : -1;
      if (q < 0) continue;
      for (let c = 0; c < 3; c++) pixels[p * 3 + c] = pixels[q * 3 + c]!;
      break;
    }
  }
}
