import type { DetectedObject, PercentBox } from '../models/object-detector.ts';
import { coveredShare } from './rect.ts';

export type Position = 'left' | 'right' | 'middle' | 'front' | 'back' | 'top' | 'bottom';

/** Which of the detected objects a person means: "the chair on the left", "both chairs". */
export interface ObjectQuery {
  labels: readonly string[];
  position?: Position;
  size?: 'biggest' | 'smallest';
  /** Every matching object ("both chairs", "all plants"). */
  all?: boolean;
  /** How many are meant when a number is said ("the two chairs"). */
  count?: number;
  /** 1-based, counted from the left ("the second chair"). */
  ordinal?: number;
}

/** Lowest detector score an object a person names may have. */
export const NAMED_MIN_SCORE = 0.2;

const centreX = (b: PercentBox) => b.x + b.width / 2;
const centreY = (b: PercentBox) => b.y + b.height / 2;
const bottom = (b: PercentBox) => b.y + b.height;
const area = (b: PercentBox) => b.width * b.height;

const ORDER: Record<Position, (a: DetectedObject, b: DetectedObject) => number> = {
  left: (a, b) => centreX(a.box) - centreX(b.box),
  right: (a, b) => centreX(b.box) - centreX(a.box),
  middle: (a, b) => Math.abs(centreX(a.box) - 50) - Math.abs(centreX(b.box) - 50),
  top: (a, b) => centreY(a.box) - centreY(b.box),
  bottom: (a, b) => centreY(b.box) - centreY(a.box),
  // Nearer things stand lower in a photo taken at eye level.
  front: (a, b) => bottom(b.box) - bottom(a.box),
  back: (a, b) => bottom(a.box) - bottom(b.box),
};

/** Where an object must be for a position word to fit it at all ("the chair on the left"). */
const WHERE: Partial<Record<Position, (b: PercentBox) => boolean>> = {
  left: (b) => centreX(b) < 50,
  right: (b) => centreX(b) > 50,
  middle: (b) => centreX(b) > 25 && centreX(b) < 75,
  top: (b) => centreY(b) < 50,
  bottom: (b) => centreY(b) > 50,
};

/** The detected objects a query names, best match first; empty when none is there. */
export function chooseObjects(
  detections: readonly DetectedObject[],
  query: ObjectQuery,
): DetectedObject[] {
  const wanted = new Set(query.labels);
  const named = detections.filter((d) => wanted.has(d.label) && d.score >= NAMED_MIN_SCORE);
  // "The chair on the left" when the only chair stands on the right is not there; of two
  // chairs right of the middle, it is the left one of them.
  const fits = query.position && named.length < 2 ? WHERE[query.position] : undefined;
  const candidates = named.filter((d) => !fits || fits(d.box));
  if (candidates.length === 0) return [];
  if (query.all) return candidates;
  let ordered = [...candidates].sort((a, b) => b.score - a.score);
  if (query.size === 'biggest') ordered.sort((a, b) => area(b.box) - area(a.box));
  if (query.size === 'smallest') ordered.sort((a, b) => area(a.box) - area(b.box));
  if (query.position) ordered.sort(ORDER[query.position]);
  if (query.ordinal !== undefined) {
    ordered = [...candidates].sort(ORDER.left);
    const chosen = ordered[query.ordinal - 1];
    return chosen ? [chosen] : [];
  }
  return ordered.slice(0, Math.max(1, Math.min(query.count ?? 1, ordered.length)));
}

const contains = (box: PercentBox, x: number, y: number) =>
  x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;

/** The most specific detected object under a point (percentages): the smallest box holding it. */
export function objectAtPoint(
  detections: readonly DetectedObject[],
  point: { x: number; y: number },
  minScore = NAMED_MIN_SCORE,
): DetectedObject | undefined {
  return detections
    .filter((d) => d.score >= minScore && contains(d.box, point.x, point.y))
    .sort((a, b) => area(a.box) - area(b.box))[0];
}

/** Of the frame (percent²), the box above which a clicked object may hide smaller ones. */
const BIG_AREA = 400;
/** Lowest score of a thing found only on a closer look that a click may take. */
const CLOSER_MIN_SCORE = 0.3;

/**
 * What a click (percentages) picks: the smallest object under it. The whole frame's detection
 * misses small things on or before a big one (the vase on the coffee table before the sofa)
 * and small things alone, which the closer look (`closer`: the frame's quarters too, costly,
 * so only asked for then) finds. Under a big object, a thing of another label inside its box
 * is taken; with nothing under the click, anything the closer look is sure enough of.
 * Returns it with the detections it was chosen among.
 */
export async function clickedObject(
  point: { x: number; y: number },
  whole: readonly DetectedObject[],
  closer: () => Promise<readonly DetectedObject[]>,
): Promise<{ object: DetectedObject; among: readonly DetectedObject[] } | undefined> {
  const hit = objectAtPoint(whole, point);
  if (hit && area(hit.box) <= BIG_AREA) return { object: hit, among: whole };
  const near = await closer();
  const inside = near.filter(
    (d) => !hit || (d.label !== hit.label && coveredShare(d.box, hit.box) > 0.9),
  );
  const small = objectAtPoint(inside, point, CLOSER_MIN_SCORE);
  if (small) return { object: small, among: near };
  return hit && { object: hit, among: whole };
}

/**
 * Other detected objects that stand in front of `target`: they overlap it and reach lower in
 * the picture (a coffee table before a sofa), or sit inside it and are much smaller (a vase on
 * a table). Their pixels are not the target's.
 */
export function objectsInFront(
  detections: readonly DetectedObject[],
  target: DetectedObject,
): PercentBox[] {
  return detections
    .filter((d) => d !== target && d.score >= 0.25)
    .filter((d) => {
      const overlap = coveredShare(d.box, target.box);
      if (overlap <= 0.2) return false;
      // What holds the target inside its own box is under or behind it: the table a cup stands
      // on (the espresso cup's saucer and table came out as one "dining table" around it).
      if (coveredShare(target.box, d.box) > 0.9 && area(d.box) > area(target.box)) return false;
      const lower = bottom(d.box) > bottom(target.box) + 1;
      const onIt = overlap > 0.8 && area(d.box) < area(target.box) * 0.35;
      return lower || onIt;
    })
    .map((d) => d.box);
}
