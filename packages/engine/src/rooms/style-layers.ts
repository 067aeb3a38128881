import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import { edgeAwareMask } from '../masks/edge-aware.ts';
import type { Mask } from '../masks/mask.ts';
import { ceilingLine } from '../masks/ceiling-line.ts';
import { refineSurfaceEdge } from '../masks/surface-edge.ts';
import { wallUpToCeilingLine } from './wall-to-ceiling-line.ts';
import { erode, fillHoles, grow, mainParts, smoothParts } from '../masks/surface-parts.ts';
import { localTexture } from '../masks/room-region-planes.ts';
import type { RoomPiece, RoomRegions } from '../masks/room-regions.ts';
import { resizePlane, resizeRaw, type RawImage } from '../raw-image.ts';
import { floorRowsOn } from '../masks/floor-line-columns.ts';
import { floorLayer } from './floor-layer.ts';
import { acrossThinThings } from './wall-across-thin.ts';
import { wallToItsEdge } from './wall-to-its-edge.ts';
import { coverOf, growCover, withoutStand } from './upholstery-layer.ts';
import { shareTheSeam } from './wall-meets-cover.ts';

/** Pieces whose cover is fabric or leather: what a style's upholstery colour goes on. */
export const UPHOLSTERED = new Set(['couch', 'chair', 'bed', 'bench']);

/** Below this confidence a region is not changed (a wrong wall mask paints a picture). */
const MIN_CONFIDENCE = 0.3;
/** The layers are made coherent on a copy with this long side, as the regions were found. */
const WORK_LONG_SIDE = 400;
/** Mean lightness step between neighbours above which a part is too busy to be paint. */
const PLAIN = 2;
/** The wall's smooth parts must make up this share of the frame for it to be painted. */
const MIN_WALL_PLANE = 0.05;
/** Holes in a surface up to this share of the frame (a socket, a shadow) become surface. */
const MAX_HOLE = 0.006;
/**
 * An upholstered piece is dyed only when its outline fills this much of its box: a dining
 * chair's frame of thin legs and a seat is not a cover, and dyeing its outline paints blotches.
 */
const MIN_SOLIDITY = 0.55;

/** The weights (0..1 per pixel, full size) a style changes, and the pieces it recolours. */
export interface StyleLayers {
  wall: Float32Array | null;
  floor: Float32Array | null;
  upholstery: Float32Array | null;
  /** Detector labels of the pieces recoloured, one per piece. */
  pieces: string[];
}

interface Grid {
  w: number;
  h: number;
  /** A full-size soft mask at the grid's size, on where at least half covered. */
  hard: (data: Uint8Array) => Promise<Uint8Array>;
}

async function gridOf(image: RawImage): Promise<Grid & { lab: Float32Array }> {
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(image.width, image.height));
  const w = Math.max(16, Math.round(image.width * scale));
  const h = Math.max(16, Math.round(image.height * scale));
  const small = await resizeRaw(image, w, h);
  const lab = new Float32Array(w * h * 3);
  const out = [0, 0, 0];
  for (let p = 0; p < w * h; p++) {
    rgbToLab(small.data[p * 3]!, small.data[p * 3 + 1]!, small.data[p * 3 + 2]!, out);
    lab.set(out, p * 3);
  }
  const hard = async (data: Uint8Array) =>
    Uint8Array.from(await resizePlane(data, image.width, image.height, w, h), (v) =>
      v >= 128 ? 1 : 0,
    );
  return { w, h, lab, hard };
}

/** Lightness a shaded part of the wall may differ from the wall's mean (lamplight, shadow). */
const SHADE = 30;
/** What the wall grows into is plainer still than what it starts from: a curtain is not. */
const PLAINER = 1.5;
/** How far (a*, b*) the light may tint the wall: daylight turns a white wall's shade blue. */
const WALL_TINT = 16;

/**
 * Where the wall may be grown (see `grow`): the region-finding leaves out parts of the wall it
 * was unsure of (low down behind a lamp, in the shade, beside an outline). Pixels above the
 * floor line, on no floor, piece or kept part, very plain (PLAINER), with the wall's colour as the light tints it
 * (a*, b* within WALL_TINT of its mean) and a lightness the shading explains.
 */
function withWallPaint(
  found: Uint8Array,
  lab: Float32Array,
  texture: Float32Array,
  blocked: Uint8Array,
  at: { w: number; floor: Uint8Array; floorRows: Float32Array },
) {
  const mean = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < found.length; p++) {
    if (!found[p]) continue;
    for (let c = 0; c < 3; c++) mean[c]! += lab[p * 3 + c]!;
    n++;
  }
  if (n === 0) return found;
  const [l, a, b] = mean.map((v) => v / n) as [number, number, number];
  return Uint8Array.from(found, (v, p) => {
    if (v) return 1;
    const below = p / at.w >= at.floorRows[p % at.w]!;
    if (blocked[p] || at.floor[p] || below || texture[p]! >= PLAINER) return 0;
    const hue = Math.hypot(lab[p * 3 + 1]! - a, lab[p * 3 + 2]! - b);
    return hue <= WALL_TINT && Math.abs(lab[p * 3]! - l) <= SHADE ? 1 : 0;
  });
}

/**
 * A grid mask carried to full size with its edge on the photo's own edges: scaled up, cut
 * where half covered, then a guided filter with the photo as guide (soft only at the edge).
 */
async function toFullSize(
  image: RawImage,
  mask: Uint8Array,
  w: number,
  h: number,
  surface = false,
  pieces?: { pieces: readonly RoomPiece[]; keep: Uint8Array; floorLine: number },
) {
  const lifted = Uint8Array.from(mask, (v) => (v ? 255 : 0));
  const up = await resizePlane(lifted, w, h, image.width, image.height);
  let hard: Mask = {
    width: image.width,
    height: image.height,
    data: Uint8Array.from(up, (v) => (v >= 128 ? 255 : 0)),
  };
  // A plain surface stops a few grid cells short of every outline (the texture test sees the
  // outline): near its edge, pixels of the colour the surface has close by are surface.
  if (surface) hard = refineSurfaceEdge(image, hard);
  if (pieces) hard = wallToItsEdge(image, hard, pieces);
  return edgeAwareMask(image, hard).data;
}

/** Local texture above which a pixel is on a busy edge (a wire crossing what is behind). */
const BUSY_EDGE = 8;
/** The share of an outline on busy edges above which it is a see-through frame. */
const FRAME_SHARE = 0.45;

function seeThrough(outline: Uint8Array, texture: Float32Array) {
  let area = 0;
  let busy = 0;
  for (let p = 0; p < outline.length; p++) {
    if (!outline[p]) continue;
    area++;
    if (texture[p]! > BUSY_EDGE) busy++;
  }
  return area > 0 && busy / area > FRAME_SHARE;
}

const solidity = (piece: RoomPiece, plane: Uint8Array, w: number, h: number) => {
  const { box } = piece;
  let area = 0;
  for (const v of plane) area += v;
  const boxArea = ((box.width / 100) * w * (box.height / 100) * h) | 0;
  return boxArea ? area / boxArea : 0;
};

/**
 * Where a style paints, as coherent planes: the wall is the plain, smooth parts of the wall
 * region (specks and islands dropped, small holes filled), the floor its main parts, the
 * upholstery the solid upholstered pieces whole; each carried to full size along the photo's
 * edges. Whatever is kept (ceiling, pictures, windows, doors, plants) is cut out afterwards
 * along its own photo-fitted edge, so it keeps its colours exactly.
 */
export async function styleLayers(image: RawImage, regions: RoomRegions): Promise<StyleLayers> {
  const { w, h, lab, hard } = await gridOf(image);
  const { regions: r } = regions;
  const n = image.width * image.height;
  const keptRegions = [r.ceiling, r.picture, r.window, r.door, r.plant].filter(
    (region) => region.confidence > 0,
  );
  const keepFull = new Uint8Array(n);
  for (const region of keptRegions) {
    for (let p = 0; p < n; p++) keepFull[p] = Math.max(keepFull[p]!, region.mask.data[p]!);
  }
  const keep = dilate(await hard(keepFull), w, h, 1);
  const own = await Promise.all(regions.pieces.map((piece) => hard(piece.mask.data)));
  const cushioned = (piece: RoomPiece) =>
    UPHOLSTERED.has(piece.label) && piece.confidence >= MIN_CONFIDENCE;
  const union = (of: Uint8Array[]) =>
    Uint8Array.from(keep, (_, p) => (of.some((m) => m[p]) ? 1 : 0));
  const texture = localTexture(lab, w, h);
  // A see-through frame (a wire dining chair) is no surface: what shows through it is the
  // wall, and its outline is not cover to dye.
  const frames = own.map((outline) => seeThrough(outline, texture));
  const pieces = union(own.filter((_, i) => !frames[i]));
  const blocked = Uint8Array.from(keep, (v, p) => (v || pieces[p] ? 1 : 0));

  let wall: Uint8Array | null = null;
  if (r.wall.confidence >= MIN_CONFIDENCE) {
    const found = Uint8Array.from(await hard(r.wall.mask.data), (v, p) =>
      v && !blocked[p] && texture[p]! < PLAIN ? 1 : 0,
    );
    // The wall grows over the pieces' outlines too: where an outline took in wall (a lamp's
    // rough edge, the panelling behind a headboard) the wall runs on smoothly; a piece's own
    // outline is an edge it does not cross.
    const floorFound = await hard(r.floor.mask.data);
    const floorRows = floorRowsOn(regions, w, h).map(Math.round);
    const paint = withWallPaint(found, lab, texture, keep, { w, floor: floorFound, floorRows });
    const reachDown = Math.round(regions.floorLine * h * 0.4);
    const parts = smoothParts(found, lab, w, h, reachDown);
    // A wall seen only in scraps (light and shadow falling across it, a cabinet taken for
    // it) is not painted: scraps of new paint look worse than the old.
    const plane = parts.reduce((s, v) => s + v, 0) >= w * h * MIN_WALL_PLANE;
    const free = Uint8Array.from(keep, (v, p) =>
      !v && !pieces[p] && !floorFound[p] && p / w < floorRows[p % w]! && texture[p]! < PLAIN
        ? 1
        : 0,
    );
    const smooth = acrossThinThings(grow(parts, paint, lab, w, h), free, { w, h, lab });
    wall = plane ? fillHoles(smooth, blocked, w, h, w * h * MAX_HOLE) : null;
  }
  const floor =
    r.floor.confidence >= MIN_CONFIDENCE
      ? floorLayer(await hard(r.floor.mask.data), texture, blocked, {
          w,
          h,
          floorRow: Math.floor(regions.floorLine * h),
          wall,
        })
      : null;
  const upholstery = new Uint8Array(w * h);
  const dyed: string[] = [];
  for (const [index, piece] of regions.pieces.entries()) {
    if (!cushioned(piece) || frames[index]) continue;
    const outline = own[index]!;
    const others = union(own.filter((_, i) => i !== index));
    // Wisps of the outline (a leg, a strip of wall) go; the cover's holes are cover.
    const opened = dilate(erode(outline, w, h, 1), w, h, 1);
    const notCover = Uint8Array.from(keep, (v, p) => (v || wall?.[p] || others[p] ? 1 : 0));
    const body = coverOf(
      Uint8Array.from(opened, (v, p) => (v && outline[p] ? 1 : 0)),
      lab,
      notCover,
    );
    // Solid before any hole is filled: a chair's thin frame encloses wall, not cover.
    const solid = mainParts(body, w, h, 0.3);
    if (solidity(piece, solid, w, h) < MIN_SOLIDITY) continue;
    const grown = growCover(solid, lab, notCover, { w, h, box: piece.box });
    const filled = fillHoles(grown, notCover, w, h, w * h * MAX_HOLE);
    const whole = piece.label === 'chair' ? withoutStand(filled, w, h) : filled;
    dyed.push(piece.label);
    for (let p = 0; p < w * h; p++) if (whole[p]) upholstery[p] = 1;
  }

  // What is kept takes no paint: its cut starts a cell inside, the guided filter carries it out
  // to its own edge. A picture's sides lie on its frame (picture-sides.ts) and a painting in
  // the wall's colours lets the filter's paint in: its core is the whole picture.
  const picture = r.picture.confidence > 0 ? await hard(r.picture.mask.data) : null;
  const keptCore = erode(await hard(keepFull), w, h, 1).map((v, p) => v | (picture?.[p] ?? 0));
  const keptEdge = keptRegions.length ? await toFullSize(image, keptCore, w, h) : new Uint8Array(n);
  const core = await resizePlane(
    Uint8Array.from(keptCore, (v) => (v ? 255 : 0)),
    w,
    h,
    image.width,
    image.height,
  );
  const kept = Float32Array.from(core, (c, p) => Math.max(keptEdge[p]!, c >= 128 ? 255 : 0) / 255);
  const weights = async (
    mask: Uint8Array | null,
    under: Array<Float32Array | null>,
    surface = true,
    beside?: Parameters<typeof toFullSize>[5],
  ) => {
    if (!mask || !mask.some((v) => v)) return null;
    const soft = await toFullSize(image, mask, w, h, surface, beside);
    const out = new Float32Array(n);
    for (let p = 0; p < n; p++) {
      let v = (soft[p]! / 255) * (1 - kept[p]!);
      for (const other of under) if (other) v *= 1 - other[p]!;
      out[p] = v;
    }
    return out;
  };
  const wallWeight = await weights(wall, [], true, {
    pieces: regions.pieces,
    keep: keepFull,
    floorLine: regions.floorLine,
  });
  if (wallWeight && r.ceiling.confidence > 0) {
    const line = ceilingLine(image, r.ceiling.mask);
    wallUpToCeilingLine(image, wallWeight, line, Math.ceil((4 * image.width) / w));
  }
  const floorWeight = await weights(floor, [wallWeight]);
  const upholsteryWeight = await weights(upholstery, [wallWeight, floorWeight], false);
  if (wallWeight && upholsteryWeight) {
    const { width, height } = image;
    const reach = Math.ceil((2 * width) / w);
    shareTheSeam(wallWeight, upholsteryWeight, { width, height, reach, kept, floor: floorWeight });
  }
  return {
    wall: wallWeight,
    floor: floorWeight,
    upholstery: upholsteryWeight,
    pieces: upholsteryWeight ? dyed : [],
  };
}
