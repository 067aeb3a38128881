import type { DetectedObject } from '../models/object-detector.ts';
import { matteOfPeople, planeToRect, type Plane } from '../models/person-matting.ts';
import type { RawImage } from '../raw-image.ts';
import { emptyMask, type Mask } from './mask.ts';
import { growRect, percentToRect, type Rect } from './rect.ts';
import { labelRegions } from './regions.ts';

/**
 * The matte is taken on the person's box grown by this share of its long side on every side:
 * context the model needs to tell the person from what is behind, and room for a hand or hair
 * the detector's box clipped. 0.1 lost 0.05 IoU on the woman in scenetext01.
 */
const MARGIN = 0.25;
/** More people than this are matted in one run over all of them (a team photo, a crowd). */
const ONE_RUN_ABOVE = 4;

export interface PersonSilhouette {
  /** The person at the image's size, soft at the edge (hair, fingers). */
  mask: Mask;
  /** 0..1: how plainly a person stood in the box. */
  confidence: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function boxIn(rect: Rect, area: Rect, plane: Plane): Box {
  const sx = plane.width / area.width;
  const sy = plane.height / area.height;
  return {
    left: Math.max(0, Math.floor((rect.left - area.left) * sx)),
    top: Math.max(0, Math.floor((rect.top - area.top) * sy)),
    right: Math.min(plane.width, Math.ceil((rect.left + rect.width - area.left) * sx)),
    bottom: Math.min(plane.height, Math.ceil((rect.top + rect.height - area.top) * sy)),
  };
}

const inside = (box: Box, x: number, y: number) =>
  x >= box.left && x < box.right && y >= box.top && y < box.bottom;

/**
 * Keeps, of the matte, the person whose box is `own`: pixels beyond `own` that lie in another
 * person's box are that person's, and a patch of matte reaching into `own` from nowhere near its
 * middle (a passer-by at the margin) is dropped. Works in place on the work-size plane.
 */
function keepOwnPerson(plane: Plane, own: Box, others: Box[]): void {
  const { width, height, data } = plane;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (inside(own, x, y)) continue;
      if (others.some((b) => inside(b, x, y))) data[y * width + x] = 0;
    }
  const { labels, sizes } = labelRegions(width, height, (p) => data[p]! >= 64);
  // The middle half of the box, where the person's body is.
  const w = own.right - own.left;
  const h = own.bottom - own.top;
  const core: Box = {
    left: own.left + w / 4,
    right: own.right - w / 4,
    top: own.top + h / 4,
    bottom: own.bottom - h / 4,
  };
  const keep = new Uint8Array(sizes.length);
  let largest = 0;
  for (let y = Math.floor(core.top); y < core.bottom; y++)
    for (let x = Math.floor(core.left); x < core.right; x++) {
      const label = labels[y * width + x]!;
      if (label) keep[label] = 1;
    }
  for (let label = 1; label < sizes.length; label++) {
    if (keep[label]) largest = Math.max(largest, sizes[label]!);
  }
  for (let p = 0; p < data.length; p++) {
    const label = labels[p]!;
    // A detached hand or foot near the body stays; specks do not.
    if (label && !keep[label] && sizes[label]! < largest * 0.02) data[p] = 0;
    if (label && !keep[label] && !inside(own, p % width, Math.floor(p / width))) data[p] = 0;
  }
}

/**
 * How plainly the matte shows one person in the box: the share of the box it covers must be a
 * person's (a standing person fills 0.25–0.8 of their box; below 0.1 the matte missed them,
 * above 0.95 it took the scene), and most of it must be decided (not half-transparent).
 */
function plainness(plane: Plane, own: Box): number {
  let selected = 0;
  let soft = 0;
  let area = 0;
  for (let y = own.top; y < own.bottom; y++)
    for (let x = own.left; x < own.right; x++) {
      const v = plane.data[y * plane.width + x]!;
      area++;
      if (v >= 128) selected++;
      if (v >= 32 && v < 224) soft++;
    }
  if (area === 0 || selected === 0) return 0;
  const share = selected / area;
  const fits = share < 0.1 || share > 0.95 ? 0.3 : 1;
  const decided = Math.max(0, 1 - soft / selected);
  return fits * Math.min(1, decided * 1.25);
}

async function paste(mask: Mask, plane: Plane, area: Rect): Promise<void> {
  const full = await planeToRect(plane, area);
  for (let y = 0; y < area.height; y++) {
    const row = (area.top + y) * mask.width + area.left;
    for (let x = 0; x < area.width; x++) {
      const v = full[y * area.width + x]!;
      if (v > mask.data[row + x]!) mask.data[row + x] = v;
    }
  }
}

function unionRect(rects: Rect[]): Rect {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * A person the detector saw but the matte finds less plainly than this is not outlined (a
 * face in a defocused crowd): asked for "the people", the others are; asked for that person,
 * the answer is "could not find".
 */
const PLAIN_MIN = 0.35;

/** Zeroes the plane outside the given work-size boxes. */
function onlyInside(plane: Plane, boxes: Box[]): void {
  for (let y = 0; y < plane.height; y++)
    for (let x = 0; x < plane.width; x++) {
      if (!boxes.some((b) => inside(b, x, y))) plane.data[y * plane.width + x] = 0;
    }
}

/**
 * The silhouettes of the chosen people (detector boxes), as one mask: each person's box with a
 * margin is matted by the person-matting model and only that person is kept (other people's
 * boxes and passers-by at the margin are left out). A person the matte does not show plainly is
 * left out; confidence is the least plain of those kept, weighed by the detector's score (0
 * when none is kept).
 */
export async function peopleSilhouette(
  image: RawImage,
  chosen: readonly DetectedObject[],
  everyone: readonly DetectedObject[],
): Promise<PersonSilhouette> {
  const mask = emptyMask(image.width, image.height);
  const rects = chosen.map((p) => percentToRect(p.box, image.width, image.height));
  const grow = (r: Rect) =>
    growRect(r, Math.round(Math.max(r.width, r.height) * MARGIN), image.width, image.height);
  const sureness = (plain: number, i: number) => plain * Math.min(1, 0.5 + chosen[i]!.score);
  const kept: number[] = [];
  if (chosen.length > ONE_RUN_ABOVE) {
    const area = unionRect(rects.map(grow));
    const plane = await matteOfPeople(image, area);
    const keptBoxes: Box[] = [];
    for (const [i, rect] of rects.entries()) {
      const plain = plainness(plane, boxIn(rect, area, plane));
      if (plain < PLAIN_MIN) continue;
      kept.push(sureness(plain, i));
      keptBoxes.push(boxIn(grow(rect), area, plane));
    }
    onlyInside(plane, keptBoxes);
    await paste(mask, plane, area);
  } else {
    const otherRects = everyone
      .filter((d) => d.label === 'person' && !chosen.includes(d))
      .map((d) => percentToRect(d.box, image.width, image.height));
    for (const [i, rect] of rects.entries()) {
      const area = grow(rect);
      const plane = await matteOfPeople(image, area);
      const own = boxIn(growRect(rect, 2, image.width, image.height), area, plane);
      keepOwnPerson(
        plane,
        own,
        otherRects.map((r) => boxIn(r, area, plane)),
      );
      const plain = plainness(plane, own);
      if (plain < PLAIN_MIN) continue;
      kept.push(sureness(plain, i));
      await paste(mask, plane, area);
    }
  }
  const confidence = kept.length === 0 ? 0 : Math.min(...kept);
  return { mask, confidence: Math.round(confidence * 100) / 100 };
}
