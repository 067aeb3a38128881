import { resizePlane } from '../raw-image.ts';
import type { RoomRegionKind } from './room-region-kinds.ts';

export function localTexture(lab: Float32Array, w: number, h: number): Float32Array {
  const step = new Float32Array(w * h);
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w - 1; x++) {
      const p = y * w + x;
      step[p] =
        Math.abs(lab[(p + 1) * 3]! - lab[p * 3]!) + Math.abs(lab[(p + w) * 3]! - lab[p * 3]!);
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          sum += step[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

/**
 * Unclassified pixels with wall on two opposite sides within two pixels (the soft edge between
 * the wall and a piece or a frame) become wall: left out, they would stay as a dark outline
 * when the wall's colour changes.
 */
export function closeGaps(kind: Uint8Array, w: number, h: number): void {
  const is = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && kind[y * w + x] === 1;
  const add: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (kind[y * w + x] !== 0) continue;
      for (const d of [1, 2]) {
        if ((is(x - d, y) && is(x + d, y)) || (is(x, y - d) && is(x, y + d))) {
          add.push(y * w + x);
          break;
        }
      }
    }
  }
  for (const p of add) kind[p] = 1;
}

export function plane(kind: Uint8Array, value: number): Uint8Array {
  const out = new Uint8Array(kind.length);
  for (let p = 0; p < kind.length; p++) out[p] = kind[p] === value ? 1 : 0;
  return out;
}

export async function upscale(
  small: Uint8Array,
  w: number,
  h: number,
  width: number,
  height: number,
) {
  const lifted = Uint8Array.from(small, (v) => (v ? 255 : 0));
  const data = await resizePlane(lifted, w, h, width, height);
  return { width, height, data: new Uint8Array(data) };
}

export function confidenceOf(
  name: RoomRegionKind,
  plane: Uint8Array,
  total: number,
  keepers: { confidence: Record<'window' | 'door' | 'picture', number> },
  ceiling: { confidence: number },
): number {
  let n = 0;
  for (let p = 0; p < plane.length; p++) n += plane[p]!;
  const share = n / total;
  if (share === 0) return 0;
  switch (name) {
    case 'wall':
      return round(Math.min(1, share / 0.2));
    case 'floor':
      return round(Math.min(1, share / 0.1));
    case 'ceiling':
      return round(ceiling.confidence);
    case 'plant':
      return round(Math.min(1, share / 0.01) * 0.6);
    default:
      return round(keepers.confidence[name]);
  }
}

const round = (v: number) => Math.round(v * 100) / 100;
