import type { RawImage } from '../raw-image.ts';

/** The emptied room, the photo it came from and what was taken out: what a style is laid on. */
export interface RoomLayers {
  original: RawImage;
  emptied: RawImage;
  /** 1 where furniture was removed (the removal mask), at the images' size. */
  mask: Uint8Array;
}

/**
 * Where the walls meet the floor, as a fraction of the height: the strongest change of the
 * rows' mean colour between 45 % and 85 % of the height (the skirting line of most room
 * photos), else two thirds down.
 */
export function estimateFloorLine(image: RawImage): number {
  const { width, height, data } = image;
  const means = new Float64Array(height * 3);
  const step = Math.max(1, Math.floor(width / 256));
  for (let y = 0; y < height; y++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 3;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      n++;
    }
    means[y * 3] = r / n;
    means[y * 3 + 1] = g / n;
    means[y * 3 + 2] = b / n;
  }
  const gap = Math.max(2, Math.round(height / 30));
  let best = 0;
  let bestRow = Math.round(height * 0.66);
  for (let y = Math.round(height * 0.45); y < Math.round(height * 0.85) - gap; y++) {
    let change = 0;
    for (let c = 0; c < 3; c++) change += Math.abs(means[(y + gap) * 3 + c]! - means[y * 3 + c]!);
    if (change > best) {
      best = change;
      bestRow = y + gap / 2;
    }
  }
  return best > 12 ? bestRow / height : 0.66;
}
