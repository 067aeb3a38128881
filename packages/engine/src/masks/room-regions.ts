import { rgbToLab } from '../colour.ts';
import type { DetectedObject } from '../models/object-detector.ts';
import { resizePlane, resizeRaw, type RawImage } from '../raw-image.ts';
import { estimateFloorLine } from '../rooms/style-room.ts';
import { objectsInFront } from './choose-objects.ts';
import { growFloor } from './floor-growth.ts';
import { floorLineColumns } from './floor-line-columns.ts';
import { emptyMask, type Mask } from './mask.ts';
import { objectSilhouette } from './object-silhouette.ts';
import { labelRegions } from './regions.ts';
import { classifyKeepers } from './room-keepers.ts';
import { ROOM_REGION_KINDS, type RoomRegionKind } from './room-region-kinds.ts';
import { closeGaps, confidenceOf, localTexture, plane, upscale } from './room-region-planes.ts';
import {
  ceilingRows,
  colourCentres,
  lowestFloorLine,
  nearest,
  wallFloorRow,
} from './room-region-parts.ts';

export { ROOM_REGION_KINDS, type RoomRegionKind } from './room-region-kinds.ts';

export interface RoomRegion {
  /** At the image's size, soft edged. */
  mask: Mask;
  /** 0..1: how surely the region was found (0 when it was not). */
  confidence: number;
}

export interface RoomPiece {
  label: string;
  box: DetectedObject['box'];
  mask: Mask;
  confidence: number;
}

export interface RoomRegions {
  width: number;
  height: number;
  /** The wall–floor line as a fraction of the height. */
  floorLine: number;
  /**
   * Per column of a grid `floorLines.length` wide, where the wall meets the floor as a
   * fraction of the height (a side wall meets it lower down than the back wall).
   */
  floorLines?: Float32Array;
  regions: Record<RoomRegionKind, RoomRegion>;
  /** The detected pieces (furniture, lamps, plants) with their silhouettes. */
  pieces: RoomPiece[];
}

/** The regions are worked out on a copy with this long side; masks are scaled back up. */
const WORK_LONG_SIDE = 400;
/** Labels whose outline the rooms take without the label's own shape knowledge. */
const BAND_LEARNT = new Set(['couch', 'bed']);
/** How far below the standing pieces' feet a found line is taken for a rug's edge (share). */
const RUG_EDGE = 0.05;
/** Lab distance within which a pixel takes the colour of the wall or the floor. */
const SURFACE_DISTANCE = 16;
/** Least b* of a leaf's green: below it the colour is cyan (white boards in daylight). */
const LEAF_MIN_B = 0;
/** Mean lightness step between neighbours above which a part is too busy to be wall. */
const WALL_TEXTURE = 2.5;

function labOf(image: RawImage): Float32Array {
  const lab = new Float32Array(image.width * image.height * 3);
  const out = [0, 0, 0];
  for (let p = 0; p < image.width * image.height; p++) {
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
    lab.set(out, p * 3);
  }
  return lab;
}

async function pieceMasks(image: RawImage, detections: readonly DetectedObject[]) {
  const pieces: RoomPiece[] = [];
  // Front to back (lowest bottom first), the order the pieces are reported in.
  const ordered = [...detections].sort((a, b) => b.box.y + b.box.height - a.box.y - a.box.height);
  for (const d of ordered) {
    // What holds a piece within its box (the sofa behind the vase) is behind it, not in front.
    const inFront = objectsInFront(detections, d);
    // A sofa's or a bed's outline learnt from its core band left the throw half dyed in the
    // styles (decision 067): the rooms keep theirs as they were; a vase is outlined as turned.
    const label = BAND_LEARNT.has(d.label) ? undefined : d.label;
    const { mask, confidence } = await objectSilhouette(image, d.box, { inFront, label });
    pieces.push({ label: d.label, box: d.box, mask, confidence });
  }
  return pieces;
}

/**
 * Walls, floor, ceiling and the things a restyle keeps (windows, doors, pictures, plants) of a
 * room photo, from colour, position and gradients: the wall–floor line splits two colour
 * models learnt from what lies clearly above and below it; the ceiling is what lies above the
 * first strong horizontal edge at the top; rectangles that are neither wall nor floor and sit
 * on the wall are pictures, windows (brighter than the wall) or doors (tall, reaching the
 * floor). Detected pieces of furniture are outlined and belong to no region.
 */
export async function findRoomRegions(
  image: RawImage,
  detections: readonly DetectedObject[],
): Promise<RoomRegions> {
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(image.width, image.height));
  const w = Math.max(16, Math.round(image.width * scale));
  const h = Math.max(16, Math.round(image.height * scale));
  const small = await resizeRaw(image, w, h);
  const lab = labOf(small);
  const pieces = await pieceMasks(image, detections);

  // What the pieces cover, at the working size, and their boxes (no seeds are taken there).
  const thing = new Uint8Array(w * h);
  const boxed = new Uint8Array(w * h);
  for (const piece of pieces) {
    const { box } = piece;
    const x0 = Math.floor((box.x / 100) * w);
    const x1 = Math.ceil(((box.x + box.width) / 100) * w);
    const y0 = Math.floor((box.y / 100) * h);
    const y1 = Math.ceil(((box.y + box.height) / 100) * h);
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        boxed[y * w + x] = 1;
        const fx = Math.min(image.width - 1, Math.round(x / scale));
        const fy = Math.min(image.height - 1, Math.round(y / scale));
        if (piece.mask.data[fy * image.width + fx]! >= 128) thing[y * w + x] = 1;
      }
    }
  }

  // The skirting, not a sofa's top edge: rows are compared on what the pieces leave visible.
  const found = wallFloorRow(small, boxed) ?? estimateFloorLine(small) * h;
  // A row found a little below the feet of a piece standing on the floor is a rug's edge in
  // front of the wall: the line is taken at those feet. Far below them, it is where a side
  // wall meets the floor nearer the camera, and the piece stands out in the room.
  const feet = (lowestFloorLine(pieces) ?? 1) * h;
  const floorRow = found > feet && found - feet <= RUG_EDGE * h ? feet : found;
  const floorLine = floorRow / h;
  const texture = localTexture(lab, w, h);
  const ceiling = ceilingRows(lab, w, h);
  const inCeiling = (x: number, y: number) => y < ceiling.rows[x]!;

  const seedsBeside = (lineAt: (x: number) => number) => {
    const wall: number[] = [];
    const floor: number[] = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const p = y * w + x;
        if (boxed[p] || inCeiling(x, y)) continue;
        if (y > h * 0.12 && y < lineAt(x) - h * 0.05) wall.push(p);
        else if (y > lineAt(x) + h * 0.05) floor.push(p);
      }
    }
    return { wall, floor };
  };
  const seeds = seedsBeside(() => floorRow);
  const first = {
    wall: colourCentres(lab, seeds.wall, 3, 8),
    floor: colourCentres(lab, seeds.floor),
  };
  const floorRows = floorLineColumns(w, h, floorRow, {
    isWall: (p) => {
      const dw = nearest(lab, p, first.wall, 0.25);
      return (
        texture[p]! < WALL_TEXTURE && dw < SURFACE_DISTANCE && dw < nearest(lab, p, first.floor)
      );
    },
    hidden: boxed,
  });
  // The side wall's bottom is no floor to learn from (the wall's colours stay as learnt).
  const wallCentres = first.wall;
  const floorCentres = colourCentres(lab, seedsBeside((x) => floorRows[x]!).floor);

  const wallInPieces = new Uint8Array(w * h);
  // 1 wall, 2 floor, 3 ceiling, 4 piece, 0 something else.
  const kind = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (thing[p]) {
        // A silhouette's rough edge takes in some wall: plain pixels of the wall's very
        // colour, above the skirting, are wall.
        const plainWall =
          y < floorRows[x]! - h * 0.03 && texture[p]! < 1.5 && nearest(lab, p, wallCentres) < 5;
        kind[p] = plainWall ? 1 : 4;
        if (plainWall) wallInPieces[p] = 255;
        continue;
      }
      if (inCeiling(x, y)) {
        kind[p] = 3;
        continue;
      }
      const below = (y - floorRows[x]!) / h;
      // Walls are plain: a light painting matches their colour but not their smoothness.
      if (below < 0 && texture[p]! > WALL_TEXTURE) continue;
      // Near the line colour decides (the line is a row, the skirting may slope a little).
      const dw = nearest(lab, p, wallCentres, 0.25) + Math.max(0, below + 0.05) * 250;
      const df = nearest(lab, p, floorCentres) + Math.max(0, -below - 0.05) * 250;
      if (Math.min(dw, df) > SURFACE_DISTANCE) continue;
      kind[p] = dw <= df ? 1 : 2;
    }
  }
  growFloor(kind, lab, texture, w, h, floorRows, (p) => nearest(lab, p, floorCentres));
  // Specks that match neither (a socket, a shadow) inside the wall or floor join it.
  const { labels, sizes } = labelRegions(w, h, (p) => kind[p] === 0);
  const keepers = classifyKeepers(small, lab, kind, labels, sizes, {
    floorRow,
    wallCentres,
    speck: w * h * 0.002,
  });

  closeGaps(kind, w, h);

  const green = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const a = lab[p * 3 + 1]!;
    const b = lab[p * 3 + 2]!;
    // Leaves are yellow-green to green (b* above 0); daylight on white boards is cyan.
    const leafy = a < -10 && b > LEAF_MIN_B && Math.hypot(a, b) > 16;
    if (kind[p] !== 1 && kind[p] !== 3 && leafy) green[p] = 1;
  }

  const planes: Record<RoomRegionKind, Uint8Array> = {
    wall: plane(kind, 1),
    floor: plane(kind, 2),
    ceiling: plane(kind, 3),
    window: keepers.window,
    door: keepers.door,
    picture: keepers.picture,
    plant: green,
  };
  const notPiece = await resizePlane(wallInPieces, w, h, image.width, image.height);
  for (const piece of pieces) {
    const data = piece.mask.data;
    for (let p = 0; p < data.length; p++) {
      if (notPiece[p]) data[p] = Math.round((data[p]! * (255 - notPiece[p]!)) / 255);
    }
  }
  const pieceMask = emptyMask(image.width, image.height);
  for (const piece of pieces) {
    for (let p = 0; p < pieceMask.data.length; p++) {
      if (piece.mask.data[p]! > pieceMask.data[p]!) pieceMask.data[p] = piece.mask.data[p]!;
    }
  }
  for (const piece of pieces) {
    if (piece.label !== 'potted plant') continue;
    const { box } = piece;
    for (let y = Math.floor((box.y / 100) * h); y < ((box.y + box.height) / 100) * h; y++) {
      for (let x = Math.floor((box.x / 100) * w); x < ((box.x + box.width) / 100) * w; x++) {
        if (x >= 0 && y >= 0 && x < w && y < h) planes.plant[y * w + x] = 1;
      }
    }
  }

  const regions = {} as Record<RoomRegionKind, RoomRegion>;
  for (const name of ROOM_REGION_KINDS) {
    const mask = await upscale(planes[name], w, h, image.width, image.height);
    // Surfaces stop at the pieces' own outlines (found at full size), so no halo is painted.
    if (name === 'wall' || name === 'floor' || name === 'ceiling') {
      for (let p = 0; p < mask.data.length; p++) {
        mask.data[p] = Math.round((mask.data[p]! * (255 - pieceMask.data[p]!)) / 255);
      }
    }
    regions[name] = { mask, confidence: confidenceOf(name, planes[name], w * h, keepers, ceiling) };
  }
  const floorLines = floorRows.map((row) => row / h);
  return { width: image.width, height: image.height, floorLine, floorLines, regions, pieces };
}

/** Mean absolute lightness step to the right and below, averaged over a 5×5 neighbourhood. */
