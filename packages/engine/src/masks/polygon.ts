import type { Mask } from './mask.ts';

/**
 * Fills a polygon (image pixels, any winding, even-odd) into the mask with 255, sampling each
 * pixel at its centre.
 */
export function fillPolygon(mask: Mask, polygon: ReadonlyArray<readonly [number, number]>): void {
  if (polygon.length < 3) return;
  const ys = polygon.map((p) => p[1]);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(mask.height - 1, Math.ceil(Math.max(...ys)));
  const crossings: number[] = [];
  for (let y = top; y <= bottom; y++) {
    const yc = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < polygon.length; i++) {
      const [ax, ay] = polygon[i]!;
      const [bx, by] = polygon[(i + 1) % polygon.length]!;
      if (ay <= yc !== by <= yc) crossings.push(ax + ((yc - ay) / (by - ay)) * (bx - ax));
    }
    crossings.sort((a, b) => a - b);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const left = Math.max(0, Math.ceil(crossings[i]! - 0.5));
      const right = Math.min(mask.width - 1, Math.floor(crossings[i + 1]! - 0.5));
      if (right >= left) mask.data.fill(255, y * mask.width + left, y * mask.width + right + 1);
    }
  }
}
