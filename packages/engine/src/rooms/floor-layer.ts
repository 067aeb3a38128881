import { fillHoles, mainParts } from '../masks/surface-parts.ts';

/** Parts of the floor smaller than this share of its largest part are let go. */
const FLOOR_PART = 0.2;
/**
 * The floor is toned only when what was found covers this share of the floor in view (below
 * the wall–floor line, beside the pieces): a floor found in patches is toned in patches.
 */
const MIN_FLOOR_COVER = 0.8;
/** Holes up to this share of the frame (a plank's seam, a shadow) become floor. */
const MAX_HOLE = 0.006;

/**
 * The floor on the work grid: the floor region's pixels on nothing kept or standing and not
 * wall, less what is much busier than the floor itself (a patterned shirt, the folds of jeans:
 * people the detector does not list stand on it), its main parts with small holes filled;
 * null when that leaves the floor in view in patches.
 */
export function floorLayer(
  region: Uint8Array,
  texture: Float32Array,
  blocked: Uint8Array,
  at: { w: number; h: number; floorRow: number; wall: Uint8Array | null },
): Uint8Array | null {
  const { w, h, wall } = at;
  const free = (p: number) => region[p] && !blocked[p] && !wall?.[p];
  const busy: number[] = [];
  for (let p = 0; p < w * h; p++) if (free(p)) busy.push(texture[p]!);
  if (busy.length === 0) return null;
  busy.sort((a, b) => a - b);
  const usual = busy[busy.length >> 1]!;
  // Planks' seams are the floor's own texture: only what is far busier than usual goes.
  const limit = Math.max(usual * 3, usual + 5);
  const found = Uint8Array.from(region, (_, p) => (free(p) && texture[p]! <= limit ? 1 : 0));
  const floor = fillHoles(mainParts(found, w, h, FLOOR_PART), blocked, w, h, w * h * MAX_HOLE);
  let inView = 0;
  let covered = 0;
  for (let p = at.floorRow * w; p < w * h; p++) {
    if (blocked[p] || wall?.[p]) continue;
    inView++;
    covered += floor[p]!;
  }
  return covered >= inView * MIN_FLOOR_COVER ? floor : null;
}
