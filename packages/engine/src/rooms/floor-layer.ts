import { dilate } from '../inpaint/mask-tools.ts';
import { labelRegions } from '../masks/regions.ts';
import { erode, fillHoles } from '../masks/surface-parts.ts';

/** Parts of the floor smaller than this share of its largest part are let go. */
const FLOOR_PART = 0.2;
/**
 * Parts reaching well below the wall–floor line (BELOW of the height), down to this share of
 * the largest part, are floor too: the boards beside the frame, cut off by a chair's base.
 */
const LOW_PART = 0.01;
const BELOW = 0.03;
/**
 * The floor is toned only when what was found covers this share of the floor in view (below
 * the wall–floor line, beside the pieces): a floor found in patches is toned in patches. The
 * floors found whole cover 0.95 and more (living room 0.98, castle 0.95); the kitchen's 0.85
 * took a fridge's foot for boards and missed the boards above a patch of sunlight.
 */
const MIN_FLOOR_COVER = 0.9;
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
  // A seam between boards is a thin line of busy pixels, a person's shirt a broad patch: what
  // is busy goes only where it is more than a line (an opening keeps the patches).
  const busier = Uint8Array.from(region, (_, p) => (free(p) && texture[p]! > limit ? 1 : 0));
  const patches = dilate(erode(busier, w, h, 1), w, h, 1);
  const found = Uint8Array.from(region, (_, p) => (free(p) && !patches[p] ? 1 : 0));
  const floor = fillHoles(floorParts(found, w, h, at.floorRow), blocked, w, h, w * h * MAX_HOLE);
  let inView = 0;
  let covered = 0;
  // A side wall followed below the room's line counts as floor not found: where the one line
  // fails, the floor found against it (a fridge's dark foot taken for boards, the boards above
  // a patch of sunlight missed) is not trusted either.
  for (let p = at.floorRow * w; p < w * h; p++) {
    if (blocked[p]) continue;
    inView++;
    covered += floor[p]!;
  }
  return covered >= inView * MIN_FLOOR_COVER ? floor : null;
}

/** The main parts of the floor found, and the smaller ones reaching well below the line. */
function floorParts(found: Uint8Array, w: number, h: number, floorRow: number) {
  const { labels, sizes } = labelRegions(w, h, (p) => found[p] === 1);
  const largest = Math.max(0, ...sizes.slice(1));
  const bottom = new Int32Array(sizes.length);
  for (let p = 0; p < w * h; p++) {
    const id = labels[p]!;
    if (id) bottom[id] = Math.max(bottom[id]!, Math.floor(p / w));
  }
  const low = floorRow + BELOW * h;
  const kept = sizes.map(
    (size, id) =>
      size >= largest * FLOOR_PART || (bottom[id]! >= low && size >= largest * LOW_PART),
  );
  return Uint8Array.from(labels, (id) => (id && kept[id] ? 1 : 0));
}
