import type { Random } from './patchmatch.ts';
import type { Level } from './pyramid.ts';

/** Above this many patch comparisons per ring pixel, a random subset of sources is tried. */
const MAX_SOURCES = 1500;

/**
 * The starting guess at the coarsest scale, grown ring by ring from the hole's edge inwards:
 * each edge pixel takes the centre of the clean patch that best matches its known
 * neighbourhood (Criminisi-style onion peel). Floors continue from below and walls from
 * above, where a plain colour diffusion would blend them into one grey.
 */
export function fillByOnionPeel(
  level: Level,
  pool: Int32Array,
  radius: number,
  random: Random,
): void {
  const { width, height, pixels } = level;
  const known = Uint8Array.from(level.hole, (v) => (v ? 0 : 1));
  const sources =
    pool.length <= MAX_SOURCES
      ? pool
      : Int32Array.from({ length: MAX_SOURCES }, () => pool[Math.floor(random() * pool.length)]!);
  let pending: number[] = [];
  for (let p = 0; p < known.length; p++) if (!known[p]) pending.push(p);
  while (pending.length > 0) {
    const ring: number[] = [];
    const rest: number[] = [];
    for (const p of pending) (touchesKnown(known, width, height, p) ? ring : rest).push(p);
    if (ring.length === 0) break;
    const chosen = ring.map((p) => bestPartialMatch(level, known, sources, p, radius));
    ring.forEach((p, i) => {
      const s = chosen[i]!;
      pixels[p * 3] = pixels[s * 3]!;
      pixels[p * 3 + 1] = pixels[s * 3 + 1]!;
      pixels[p * 3 + 2] = pixels[s * 3 + 2]!;
      known[p] = 1;
    });
    pending = rest;
  }
}

function touchesKnown(known: Uint8Array, width: number, height: number, p: number): boolean {
  const x = p % width;
  const y = (p - x) / width;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && known[ny * width + nx]) return true;
    }
  }
  return false;
}

/** The source whose patch differs least from the known pixels around `p` (mean per pixel). */
function bestPartialMatch(
  level: Level,
  known: Uint8Array,
  sources: Int32Array,
  p: number,
  radius: number,
): number {
  const { width, height, pixels } = level;
  const px = p % width;
  const py = (p - px) / width;
  const offsets: number[] = [];
  const targets: number[] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = px + dx;
      const y = py + dy;
      if (x < 0 || y < 0 || x >= width || y >= height || !known[y * width + x]) continue;
      offsets.push(dy * width + dx);
      targets.push(y * width + x);
    }
  }
  let best = sources[0]!;
  let bestCost = Infinity;
  for (const s of sources) {
    let cost = 0;
    for (let k = 0; k < offsets.length && cost < bestCost; k++) {
      const a = targets[k]! * 3;
      const b = (s + offsets[k]!) * 3;
      const d0 = pixels[a]! - pixels[b]!;
      const d1 = pixels[a + 1]! - pixels[b + 1]!;
      const d2 = pixels[a + 2]! - pixels[b + 2]!;
      cost += d0 * d0 + d1 * d1 + d2 * d2;
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = s;
    }
  }
  return best;
}
