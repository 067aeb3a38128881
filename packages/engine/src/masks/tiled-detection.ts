import { detectObjects, type DetectedObject, type PercentBox } from '../models/object-detector.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import { coveredShare } from './rect.ts';

/** Tiles per side; neighbouring tiles overlap by a quarter so an object is whole in one. */
const TILES = 2;
const OVERLAP = 0.25;
/** A tile's box this close (percent of the tile) to an inner edge is cut off there: dropped. */
const CUT_EDGE = 1;
/** Boxes overlapping more than this (IoU) are one object; the better score stays. */
const SAME_OBJECT_IOU = 0.5;
/**
 * Of a tile's box, the share inside a same-label box that makes it a part of that object (the
 * back of living-room.jpg's dining chair, 0.77 inside the chair's box).
 */
const PART_SHARE = 0.75;

function iou(a: PercentBox, b: PercentBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

interface Tile {
  left: number;
  top: number;
  width: number;
  height: number;
}

function tilesOf(width: number, height: number): Tile[] {
  const tw = Math.round(width / (TILES - (TILES - 1) * OVERLAP));
  const th = Math.round(height / (TILES - (TILES - 1) * OVERLAP));
  const tiles: Tile[] = [];
  for (let j = 0; j < TILES; j++)
    for (let i = 0; i < TILES; i++) {
      const left = Math.min(width - tw, Math.round(i * tw * (1 - OVERLAP)));
      const top = Math.min(height - th, Math.round(j * th * (1 - OVERLAP)));
      tiles.push({ left, top, width: tw, height: th });
    }
  return tiles;
}

/** Whether a box found in a tile touches one of the tile's edges that lies inside the photo. */
function cutByTile(box: PercentBox, tile: Tile, image: RawImage): boolean {
  if (tile.left > 0 && box.x < CUT_EDGE) return true;
  if (tile.top > 0 && box.y < CUT_EDGE) return true;
  if (tile.left + tile.width < image.width && box.x + box.width > 100 - CUT_EDGE) return true;
  return tile.top + tile.height < image.height && box.y + box.height > 100 - CUT_EDGE;
}

/**
 * The detector sees the whole photo squeezed to 512 × 512, where a vase on a coffee table is a
 * dozen pixels wide and is missed or misnamed. Run again on four overlapping quarters, it sees
 * such things at about twice the size. Boxes are returned in the whole photo's percentages;
 * what a tile cuts off at an inner edge is left to the tile that holds it whole.
 */
export async function detectInTiles(
  image: RawImage,
  minScore: number,
  labels?: readonly string[],
): Promise<DetectedObject[]> {
  const found: DetectedObject[] = [];
  for (const tile of tilesOf(image.width, image.height)) {
    const part = await toRaw(rawPipeline(image).extract(tile));
    for (const d of await detectObjects(part, { minScore, maxObjects: 30, labels })) {
      if (cutByTile(d.box, tile, image)) continue;
      const sx = tile.width / image.width;
      const sy = tile.height / image.height;
      found.push({
        ...d,
        box: {
          x: (tile.left / image.width) * 100 + d.box.x * sx,
          y: (tile.top / image.height) * 100 + d.box.y * sy,
          width: d.box.width * sx,
          height: d.box.height * sy,
        },
      });
    }
  }
  return found;
}

/**
 * The whole photo's detections and the tiles' as one list: a thing found in both (boxes
 * overlapping) is one object. Under one label the better score and its box stay (the whole
 * photo's when that scored at least as well); under another the guess already listed stays
 * (the egg chair seen whole as a chair, in a quarter as a couch, is one chair). A tile's box
 * lying within one of the same label is a part of it (a chair's seat), no object of its own.
 */
export function mergeDetections(
  whole: readonly DetectedObject[],
  tiled: readonly DetectedObject[],
): DetectedObject[] {
  const merged = [...whole];
  for (const d of [...tiled].sort((a, b) => b.score - a.score)) {
    const same = merged.findIndex((m) => iou(m.box, d.box) > SAME_OBJECT_IOU);
    const partOf = merged.some(
      (m) => m.label === d.label && coveredShare(d.box, m.box) >= PART_SHARE,
    );
    if (same >= 0) {
      // Under another label the first guess stands: "the cup" must not turn into a bowl.
      if (merged[same]!.label === d.label && d.score > merged[same]!.score) merged[same] = d;
    } else if (!partOf) merged.push(d);
  }
  return merged.sort((a, b) => b.score - a.score);
}

/**
 * The whole photo's detections merged with its quarters' (of `labels` only, when given): what a
 * room's furniture is found by, so the vase on the coffee table is one of its pieces.
 */
export async function detectCloser(
  image: RawImage,
  minScore: number,
  labels?: readonly string[],
): Promise<DetectedObject[]> {
  const whole = await detectObjects(image, { minScore, labels });
  return mergeDetections(whole, await detectInTiles(image, minScore, labels));
}
