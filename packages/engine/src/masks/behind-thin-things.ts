/** How far, as a share of the long side, a ray looks across a thin thing (a lamp's leg). */
const THIN = 0.03;
/** How much darker than the wall the thin thing is (a black leg, not a fold's shadow). */
export const DARKER = 30;
/** Lab distance between the wall behind the thin thing and the wall it is matched with. */
export const SAME_WALL = 6;
/** The share of a part's pixels that must see the wall across a thin thing. */
const SEEN_SHARE = 0.1;
/** Parts smaller than this share of the frame are specks, not wall behind something. */
const MIN_AREA = 0.001;
/** The eight directions a ray looks in. */
export const RAYS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

/**
 * Parts of a wall mask that were let go for being shut off from the wall by edges, but lie
 * behind something thin and dark standing in front of it (a floor lamp's legs): from enough of
 * their pixels (every second one each way is looked at), a ray crosses something much darker
 * and then meets a kept part of the same colour within a few per cent of the frame. An
 * armchair as pale as the wall or a curtain's folds are not seen across a dark thing.
 */
export function partsBehindThinThings(
  lab: Float32Array,
  part: Int32Array,
  kept: boolean[],
  width: number,
  height: number,
): Set<number> {
  const reach = Math.max(4, Math.round(Math.max(width, height) * THIN));
  const seen = new Array<number>(kept.length).fill(0);
  const looked = new Array<number>(kept.length).fill(0);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const p = y * width + x;
      const id = part[p]!;
      if (id < 0 || kept[id]) continue;
      looked[id]!++;
      if (seesWallAcross(lab, part, kept, { width, height, x, y, reach })) seen[id]!++;
    }
  }
  const out = new Set<number>();
  for (let id = 0; id < kept.length; id++) {
    // Every fourth pixel is looked at.
    const large = looked[id]! * 4 >= width * height * MIN_AREA;
    if (!kept[id] && large && seen[id]! >= looked[id]! * SEEN_SHARE) out.add(id);
  }
  return out;
}

function seesWallAcross(
  lab: Float32Array,
  part: Int32Array,
  kept: boolean[],
  at: { width: number; height: number; x: number; y: number; reach: number },
): boolean {
  const { width, height, x, y, reach } = at;
  const p = y * width + x;
  for (const [dx, dy] of RAYS) {
    let crossedDark = false;
    for (let k = 1; k <= reach; k++) {
      const qx = x + dx * k;
      const qy = y + dy * k;
      if (qx < 0 || qy < 0 || qx >= width || qy >= height) break;
      const q = qy * width + qx;
      const id = part[q]!;
      if (id >= 0 && kept[id]) {
        if (crossedDark && labStep(lab, p, q) < SAME_WALL) return true;
        break;
      }
      if (lab[q * 3]! < lab[p * 3]! - DARKER) crossedDark = true;
    }
  }
  return false;
}

function labStep(lab: Float32Array, p: number, q: number) {
  return Math.hypot(
    lab[p * 3]! - lab[q * 3]!,
    lab[p * 3 + 1]! - lab[q * 3 + 1]!,
    lab[p * 3 + 2]! - lab[q * 3 + 2]!,
  );
}
