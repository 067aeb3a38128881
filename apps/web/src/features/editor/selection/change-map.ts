/**
 * Where a result differs from its parent: both pictures drawn at the same size, a pixel counts
 * as changed when its colour moved by more than `threshold` (sum of |ΔR|+|ΔG|+|ΔB|, so JPEG's
 * own round trip, a few levels per channel, does not light up the whole picture).
 */
export const CHANGE_THRESHOLD = 30;

/** Changed pixels in a strong magenta; unchanged ones under a light veil, so changes stand out. */
const CHANGED = [255, 0, 170, 215] as const;
const UNCHANGED = [15, 23, 42, 120] as const;

export interface ChangeMap {
  /** RGBA, the size of the inputs: draw it over the result. */
  overlay: Uint8ClampedArray<ArrayBuffer>;
  /** Share of the pixels that changed, 0..1. */
  changedShare: number;
}

export function changeMap(
  before: Uint8ClampedArray,
  after: Uint8ClampedArray,
  threshold = CHANGE_THRESHOLD,
): ChangeMap {
  if (before.length !== after.length) throw new Error('The two pictures differ in size');
  const overlay = new Uint8ClampedArray(after.length);
  let changed = 0;
  for (let i = 0; i < after.length; i += 4) {
    const delta =
      Math.abs(after[i]! - before[i]!) +
      Math.abs(after[i + 1]! - before[i + 1]!) +
      Math.abs(after[i + 2]! - before[i + 2]!);
    const paint = delta > threshold ? CHANGED : UNCHANGED;
    if (delta > threshold) changed++;
    overlay[i] = paint[0];
    overlay[i + 1] = paint[1];
    overlay[i + 2] = paint[2];
    overlay[i + 3] = paint[3];
  }
  const pixels = after.length / 4;
  return { overlay, changedShare: pixels > 0 ? changed / pixels : 0 };
}

/** The size both pictures are compared at: the result's, at most `limit` px on its long side. */
export function comparisonSize(width: number, height: number, limit = 1024) {
  const scale = Math.min(1, limit / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
