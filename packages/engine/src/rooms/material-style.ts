import { labToRgb, rgbToLab, type Rgb } from '../colour.ts';
import type { RoomRegions } from '../masks/room-regions.ts';
import { blurPlane, type RawImage } from '../raw-image.ts';
import { ROOM_LOOKS, type RoomStyle } from './room-styles.ts';

/** Pieces whose cover is fabric or leather: what a style's upholstery colour goes on. */
export const UPHOLSTERED = new Set(['couch', 'chair', 'bed', 'bench']);

/** The parts a style can change, in the order a report lists them. */
export type ChangedPart = 'walls' | 'floor' | 'upholstery' | 'light';
/** The parts a style leaves as they are, when the photo has them. */
export type KeptPart = 'ceiling' | 'pictures' | 'windows' | 'doors' | 'plants';

export interface StyleReport {
  changed: ChangedPart[];
  /** Detector labels of the pieces recoloured (upholstery), one per piece. */
  pieces: string[];
  kept: KeptPart[];
  /** The style's palette: what the walls, floor and upholstery were given. */
  palette: { wall: string; floor: string; upholstery: string };
}

/** Below this confidence a region is not changed (a wrong wall mask paints a picture). */
const MIN_CONFIDENCE = 0.3;
/** How far each surface moves towards the palette (1 = the palette's mean exactly). */
const TOWARDS = { wall: 0.9, floor: 0.65, upholstery: 0.75 } as const;
/**
 * The largest change of lightness: a dark wood wall painted white in one step shows every
 * pixel the wall mask missed as a dark outline, and no longer looks like the same room.
 */
const MAX_LIGHTNESS_SHIFT = 24;

const hex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function labOf(rgb: Rgb): number[] {
  const out = [0, 0, 0];
  rgbToLab(rgb[0], rgb[1], rgb[2], out);
  return out;
}

/**
 * A surface's mask carried to the true edge: near the mask (found on a small copy), pixels of
 * the colour the surface has close by join it, so no rim of the old paint stays around a frame
 * or a lamp; the pieces' outlines (found at full size) and the core of what is kept stop it.
 */
async function guidedEdge(
  image: RawImage,
  mask: Uint8Array,
  stop: { pieces: Uint8Array; keepCore: Uint8Array },
) {
  const { width, height } = image;
  const sigma = Math.max(2, Math.max(width, height) / 200);
  const hard = Uint8Array.from(mask, (v) => (v >= 200 ? 255 : 0));
  const near = await blurPlane(hard, width, height, sigma);
  // The surface's own colour around each pixel: masked channels over the mask, both blurred.
  const weight = await blurPlane(hard, width, height, sigma * 2);
  const local = await Promise.all(
    [0, 1, 2].map((c) =>
      blurPlane(
        Uint8Array.from(hard, (v, p) => (v ? image.data[p * 3 + c]! : 0)),
        width,
        height,
        sigma * 2,
      ),
    ),
  );
  const out = Uint8Array.from(mask);
  const lab = [0, 0, 0];
  const ref = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    if (near[p]! < 8 || mask[p]! >= 250 || weight[p]! < 4 || stop.keepCore[p]) continue;
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, lab);
    const k = 255 / weight[p]!;
    rgbToLab(
      Math.min(255, Math.round(local[0]![p]! * k)),
      Math.min(255, Math.round(local[1]![p]! * k)),
      Math.min(255, Math.round(local[2]![p]! * k)),
      ref,
    );
    const d = Math.hypot(lab[0]! - ref[0]!, lab[1]! - ref[1]!, lab[2]! - ref[2]!);
    const alike = Math.max(0, Math.min(1, (16 - d) / 8));
    const grown = Math.max(mask[p]!, Math.round(255 * alike));
    // A piece's outline is rough at the top: what there has the surface's very colour is
    // surface (the wall seen above a sofa's back), the rest is the piece.
    const same = Math.max(0, Math.min(1, (9 - d) / 4));
    out[p] = Math.round(grown * (1 - (stop.pieces[p]! / 255) * (1 - same)));
  }
  return out;
}

/** Mean Lab of an image under a soft mask, and the mask's weight. */
function meanLab(image: RawImage, weight: Float32Array): { lab: number[]; weight: number } {
  const sum = [0, 0, 0];
  let total = 0;
  const out = [0, 0, 0];
  for (let p = 0; p < weight.length; p += 3) {
    const m = weight[p]!;
    if (m < 0.5) continue;
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
    for (let c = 0; c < 3; c++) sum[c]! += out[c]! * m;
    total += m;
  }
  return { lab: total ? sum.map((s) => s / total) : [50, 0, 0], weight: total };
}

/**
 * A style as material changes inside the room's own regions: the walls take the palette's
 * wall colour, the floor its floor tone, the upholstered pieces its fabric colour, each as a
 * shift of lightness and colour that keeps the photo's shading and texture; the style's light
 * (white balance, exposure) falls on those surfaces only. Ceiling, pictures, windows, doors
 * and plants are subtracted from every change, so they keep their colours exactly.
 */
export async function applyMaterialStyle(
  image: RawImage,
  regions: RoomRegions,
  style: RoomStyle,
): Promise<{ image: RawImage; report: StyleReport }> {
  const look = ROOM_LOOKS[style];
  const n = image.width * image.height;
  const keep = new Float32Array(n);
  const kept: KeptPart[] = [];
  const keptParts: Array<[KeptPart, keyof RoomRegions['regions']]> = [
    ['ceiling', 'ceiling'],
    ['pictures', 'picture'],
    ['windows', 'window'],
    ['doors', 'door'],
    ['plants', 'plant'],
  ];
  for (const [part, name] of keptParts) {
    const region = regions.regions[name];
    if (region.confidence <= 0) continue;
    kept.push(part);
    for (let p = 0; p < n; p++) keep[p] = Math.max(keep[p]!, region.mask.data[p]! / 255);
  }
  // What is kept stops every change; only its soft rim (a frame's shadow) may join a surface.
  const keepBlur = await blurPlane(
    Uint8Array.from(keep, (v) => (v >= 0.5 ? 255 : 0)),
    image.width,
    image.height,
    Math.max(1.5, Math.max(image.width, image.height) / 400),
  );
  // The ceiling is often the wall's own white: none of it may join the wall.
  const ceiling = regions.regions.ceiling.mask.data;
  const keepCore = Uint8Array.from(keepBlur, (v, p) => (v >= 250 || ceiling[p]! >= 128 ? 1 : 0));
  const layer = (source: Uint8Array, grown: boolean) => {
    const w = new Float32Array(n);
    for (let p = 0; p < n; p++) {
      const stop = grown && keep[p]! < 0.75 ? keepCore[p]! : Math.max(keep[p]!, keepCore[p]!);
      w[p] = (source[p]! / 255) * (1 - stop);
    }
    return w;
  };
  const surfaces: Array<{ part: ChangedPart; weight: Float32Array; target: Rgb; s: number }> = [];
  const changed: ChangedPart[] = [];
  const pieces = new Uint8Array(n);
  for (const piece of regions.pieces) {
    for (let p = 0; p < n; p++) pieces[p] = Math.max(pieces[p]!, piece.mask.data[p]!);
  }
  const grownLayer = async (mask: Uint8Array) =>
    layer(await guidedEdge(image, mask, { pieces, keepCore }), true);
  if (regions.regions.wall.confidence >= MIN_CONFIDENCE) {
    surfaces.push({
      part: 'walls',
      weight: await grownLayer(regions.regions.wall.mask.data),
      target: look.wall,
      s: TOWARDS.wall,
    });
  }
  if (regions.regions.floor.confidence >= MIN_CONFIDENCE) {
    surfaces.push({
      part: 'floor',
      weight: await grownLayer(regions.regions.floor.mask.data),
      target: look.floor,
      s: TOWARDS.floor,
    });
  }
  const upholstered = regions.pieces.filter(
    (p) => UPHOLSTERED.has(p.label) && p.confidence >= MIN_CONFIDENCE,
  );
  if (upholstered.length > 0) {
    const cover = new Uint8Array(n);
    for (const piece of upholstered) {
      for (let p = 0; p < n; p++) cover[p] = Math.max(cover[p]!, piece.mask.data[p]!);
    }
    const taken = layer(cover, false);
    for (const surface of surfaces) {
      for (let p = 0; p < n; p++) taken[p] = taken[p]! * (1 - surface.weight[p]!);
    }
    surfaces.push({
      part: 'upholstery',
      weight: taken,
      target: look.furniture,
      s: TOWARDS.upholstery,
    });
  }

  const out = Buffer.from(image.data);
  const lab = [0, 0, 0];
  const rgb = [0, 0, 0];
  const light = look.light.map((g) => g * look.exposure);
  for (const surface of surfaces) {
    changed.push(surface.part);
    const mean = meanLab(image, surface.weight);
    const target = labOf(surface.target);
    const shift = target.map((t, c) => (t - mean.lab[c]!) * surface.s);
    shift[0] = Math.max(-MAX_LIGHTNESS_SHIFT, Math.min(MAX_LIGHTNESS_SHIFT, shift[0]!));
    for (let p = 0; p < n; p++) {
      const m = surface.weight[p]!;
      if (m <= 0.004) continue;
      const i = p * 3;
      rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, lab);
      labToRgb(lab[0]! + shift[0]!, lab[1]! + shift[1]!, lab[2]! + shift[2]!, rgb);
      for (let c = 0; c < 3; c++) {
        const styled = Math.min(255, rgb[c]! * light[c]!);
        out[i + c] = Math.round(out[i + c]! + (styled - out[i + c]!) * m);
      }
    }
  }
  if (surfaces.length > 0 && light.some((g) => Math.abs(g - 1) > 0.01)) changed.push('light');
  return {
    image: { ...image, data: out },
    report: {
      changed,
      pieces: upholstered.map((p) => p.label),
      kept,
      palette: { wall: hex(look.wall), floor: hex(look.floor), upholstery: hex(look.furniture) },
    },
  };
}
