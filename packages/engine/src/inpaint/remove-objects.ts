import { FURNITURE_LABELS } from '../models/coco-labels.ts';
import { detectObjects, type DetectedObject, type PercentBox } from '../models/object-detector.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { objectAtPoint } from '../masks/choose-objects.ts';
import { coveredShare } from '../masks/rect.ts';
import { inpaintRaw, type InpaintOptions } from './inpaint.ts';
import { objectMask } from './object-mask.ts';

/** What to take out: every detected object with one of these labels, given boxes, or the object under a point. */
export type RemovalTarget =
  | { labels: readonly string[] }
  | { boxes: readonly PercentBox[] }
  /** Percentages of the image's width and height, like the boxes. */
  | { point: { x: number; y: number } };

export interface RemovedObject {
  /** The detector's label, or null for a box the caller gave. */
  label: string | null;
  score: number | null;
  box: PercentBox;
}

export interface RemovalResult {
  /** The image with the objects filled in; unchanged when nothing was removed. */
  image: RawImage;
  removed: RemovedObject[];
  /** The pixels that were filled (1), at the image's size. */
  mask: Uint8Array;
  /** Fraction of the image that was filled. */
  coverage: number;
}

export interface RemovalOptions extends InpaintOptions {
  /** Detections already made on this image (skips running the detector again). */
  detections?: readonly DetectedObject[];
  /** Lowest detector score that counts (default 0.2). */
  minScore?: number;
}

/** The most specific detected object under a point: the smallest box that contains it. */
export function objectAt(
  detections: readonly DetectedObject[],
  point: { x: number; y: number },
): DetectedObject | undefined {
  return objectAtPoint(detections, point, 0);
}

function chooseObjects(
  detections: readonly DetectedObject[],
  target: RemovalTarget,
): RemovedObject[] {
  if ('boxes' in target) return target.boxes.map((box) => ({ label: null, score: null, box }));
  if ('labels' in target) {
    const wanted = new Set(target.labels);
    return detections
      .filter((d) => wanted.has(d.label))
      .map((d) => ({ label: d.label, score: d.score, box: d.box }));
  }
  const hit = objectAt(detections, target.point);
  return hit ? [{ label: hit.label, score: hit.score, box: hit.box }] : [];
}

/** Of a removed object's box, the share inside a staying one that puts it in front of it. */
export const IN_FRONT_SHARE = 0.9;

/**
 * The boxes of the detected objects that stay, as pixels the fill must not copy from: a sofa's
 * hole filled with bits of the armchair beside it is the classic failure of exemplar fills.
 * Parts of those boxes inside the hole are filled like the rest. An object whose box holds a
 * removed one's (a sofa behind the vase on the table before it) is what that one hides, the
 * very surface to carry on, and no such box.
 */
export function otherObjectsMask(
  image: RawImage,
  detections: readonly DetectedObject[],
  removed: readonly RemovedObject[],
): Uint8Array | undefined {
  const stay = detections.filter(
    (d) => !removed.some((r) => r.box === d.box || coveredShare(r.box, d.box) >= IN_FRONT_SHARE),
  );
  if (stay.length === 0) return undefined;
  const { width, height } = image;
  const exclude = new Uint8Array(width * height);
  for (const { box } of stay) {
    const x0 = Math.max(0, Math.floor((box.x / 100) * width));
    const x1 = Math.min(width, Math.ceil(((box.x + box.width) / 100) * width));
    const y0 = Math.max(0, Math.floor((box.y / 100) * height));
    const y1 = Math.min(height, Math.ceil(((box.y + box.height) / 100) * height));
    for (let y = y0; y < y1; y++) exclude.fill(1, y * width + x0, y * width + x1);
  }
  return exclude;
}

/**
 * Takes objects out of a photo: detection (unless boxes are given), a mask refined inside each
 * box, and one exemplar-based fill for all of them, so neighbouring objects are filled
 * together from what surrounds both. Pixels outside the masks keep their exact values.
 * Room design calls this with the furniture labels; the editor with a named object or a click.
 */
export async function removeObjects(
  input: Buffer | RawImage,
  target: RemovalTarget,
  options: RemovalOptions = {},
): Promise<RemovalResult> {
  const image = Buffer.isBuffer(input) ? await decodeImage(input) : input;
  const detections =
    'boxes' in target
      ? (options.detections ?? [])
      : (options.detections ?? (await detectObjects(image, { minScore: options.minScore })));
  const removed = chooseObjects(detections, target);
  const mask = new Uint8Array(image.width * image.height);
  for (const object of removed) {
    options.signal?.throwIfAborted();
    const own = await objectMask(image, object.box);
    for (let p = 0; p < mask.length; p++) if (own[p]) mask[p] = 1;
  }
  let filled = 0;
  for (let p = 0; p < mask.length; p++) filled += mask[p]!;
  if (filled === 0) {
    return { image: { ...image, data: Buffer.from(image.data) }, removed, mask, coverage: 0 };
  }
  return {
    image: inpaintRaw(image, mask, {
      excludeSources: otherObjectsMask(image, detections, removed),
      // Furniture stands in rooms: fill walls from walls and floors from floors.
      room: removed.some(
        (r) => r.label !== null && (FURNITURE_LABELS as readonly string[]).includes(r.label),
      ),
      ...options,
    }),
    removed,
    mask,
    coverage: filled / mask.length,
  };
}
