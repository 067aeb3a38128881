import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import { decodeMask } from '../inpaint/inpaint-image.ts';
import { FURNITURE_LABELS } from '../models/coco-labels.ts';
import type { DetectedObject } from '../models/object-detector.ts';
import {
  DEFAULT_MAX_PIXELS,
  encodeJpeg,
  ensureSharpConfigured,
  toRaw,
  type RawImage,
} from '../raw-image.ts';
import { ROOM_LOOKS, ROOM_STYLES, type RoomStyle } from './room-styles.ts';
import { findRoomRegions, type RoomRegions } from '../masks/room-regions.ts';
import { detectCloser } from '../masks/tiled-detection.ts';
import { applyMaterialStyle, type StyleReport } from './material-style.ts';
import { styleLayers } from './style-layers.ts';
import { maskToPng, restageMask, type Remover, type Restyler } from './hosted-room.ts';
import {
  cordHole,
  pieceHole,
  removePieces,
  type PieceOutcome,
  type PieceRemoval,
} from './remove-pieces.ts';
import type { RoomLayers } from './style-room.ts';

/**
 * Room photos are worked on with their long side at most this: detection sees 512 px anyway,
 * and the exemplar fill of a whole sofa on a 12 MP photo would cost seconds and a gigabyte.
 * 1600 px fills a laptop screen and keeps a whole room under ~20 s on two cores.
 */
export const ROOM_WORKING_LONG_SIDE = 1600;
export const ROOM_QUALITY = 90;

export type { Restyler } from './hosted-room.ts';

export interface RoomVariation {
  style: RoomStyle;
  title: string;
  /** JPEG at the working size. */
  image: Buffer;
  /** 'local' for the material changes made here, else the hosted provider's id. */
  provider: string;
  /** What the local engine changed and kept; null for a hosted restyle (the model restaged it). */
  report: StyleReport | null;
}

export interface RoomDesign {
  width: number;
  height: number;
  /** The photo at the working size (JPEG): every other image has exactly its frame. */
  original: Buffer;
  /** The room with its furniture taken out (JPEG). */
  emptied: Buffer;
  /** What was filled, white on black (PNG): kept so more styles need no second removal. */
  mask: Buffer;
  /** Furniture found in the photo, best first (percentage boxes). */
  furniture: DetectedObject[];
  /** Each piece found: taken out of the emptied room, or kept and why. */
  pieces: PieceOutcome[];
  variations: RoomVariation[];
}

export interface DesignOptions {
  styles?: readonly RoomStyle[];
  maxLongSide?: number;
  /** When set (a hosted model is configured), styles are real restyles of the photo. */
  restyle?: Restyler;
  /** When set (a hosted inpainting model is configured), it takes every piece out. */
  remove?: Remover;
  signal?: AbortSignal;
  /** 0..1 as the work advances. */
  onProgress?: (fraction: number) => void;
}

/** Decoded, upright, with its long side at most `longSide` (shrink-on-load for big JPEGs). */
export async function decodeRoom(input: Buffer, longSide = ROOM_WORKING_LONG_SIDE) {
  ensureSharpConfigured();
  try {
    return await toRaw(
      sharp(input, { failOn: 'truncated', limitInputPixels: DEFAULT_MAX_PIXELS })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true }),
    );
  } catch (error) {
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
}

const maskPng = (mask: Uint8Array, width: number, height: number) =>
  sharp(Buffer.from(Uint8Array.from(mask, (v) => (v ? 255 : 0))), {
    raw: { width, height, channels: 1 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** Layers of a room processed earlier (its stored working original, emptied room and mask). */
export async function roomLayersFrom(stored: {
  original: Buffer;
  emptied: Buffer;
  mask: Buffer;
}): Promise<RoomLayers> {
  const [original, emptied] = await Promise.all([
    decodeRoom(stored.original, 100_000),
    decodeRoom(stored.emptied, 100_000),
  ]);
  if (original.width !== emptied.width || original.height !== emptied.height) {
    throw new EngineInputError('corrupt', 'The room layers do not match');
  }
  return { original, emptied, mask: await decodeMask(stored.mask, emptied.width, emptied.height) };
}

/** The room's regions and pieces, on the photo (its detections given, or found here). */
export async function regionsOf(
  original: RawImage,
  detections?: readonly DetectedObject[],
): Promise<RoomRegions> {
  return findRoomRegions(original, detections ?? (await detectFurniture(original)));
}

/** The detector's own least score, as the rooms have always used it. */
const FURNITURE_MIN_SCORE = 0.2;

/**
 * The room's furniture: the detector sees the photo squeezed to 512 px, where the vase on the
 * coffee table is a dozen pixels wide and is missed; its quarters are looked at too.
 */
export function detectFurniture(original: RawImage): Promise<DetectedObject[]> {
  return detectCloser(original, FURNITURE_MIN_SCORE, FURNITURE_LABELS);
}

/**
 * The styles for a room: a hosted restyle of the photo when one is configured, else each
 * style as material changes of the photo inside its regions (walls, floor, upholstery, light).
 */
export async function styleRoom(
  layers: RoomLayers,
  styles: readonly RoomStyle[],
  options: Pick<DesignOptions, 'restyle' | 'signal' | 'onProgress'> & {
    regions?: RoomRegions;
  } = {},
): Promise<RoomVariation[]> {
  const regions = options.regions ?? (await regionsOf(layers.original));
  const { width, height } = layers.original;
  const hosted = options.restyle && {
    photo: await encodeJpeg(layers.original, ROOM_QUALITY),
    mask: await maskToPng(restageMask(regions), width, height),
  };
  // Where the local styles paint is the same for every style: worked out once.
  const paint = hosted ? undefined : await styleLayers(layers.original, regions);
  const variations: RoomVariation[] = [];
  for (const [index, style] of styles.entries()) {
    options.signal?.throwIfAborted();
    if (options.restyle && hosted) {
      const { photo, mask } = hosted;
      const { image, provider } = await options.restyle(photo, style, mask, options.signal);
      variations.push({ style, title: ROOM_LOOKS[style].title, image, provider, report: null });
    } else {
      const styled = await applyMaterialStyle(layers.original, regions, style, paint);
      variations.push({
        style,
        title: ROOM_LOOKS[style].title,
        image: await encodeJpeg(styled.image, ROOM_QUALITY),
        provider: 'local',
        report: styled.report,
      });
    }
    options.onProgress?.((index + 1) / styles.length);
  }
  return variations;
}

/** Every piece out at once by a hosted inpainting model: its holes as the mask, no gate. */
async function removeHosted(
  original: RawImage,
  regions: RoomRegions,
  remove: Remover,
  signal?: AbortSignal,
): Promise<PieceRemoval> {
  const { width, height } = original;
  const mask = new Uint8Array(width * height);
  for (const piece of regions.pieces) {
    const hole = pieceHole(piece, width, height);
    const cord = cordHole(piece, original);
    for (let p = 0; p < mask.length; p++) if (hole[p] || cord?.[p]) mask[p] = 1;
  }
  const pieces = regions.pieces.map((p) => ({
    label: p.label,
    box: p.box,
    removed: true,
    consistency: null,
  }));
  if (pieces.length === 0) return { image: original, mask, pieces };
  const photo = await encodeJpeg(original, ROOM_QUALITY);
  const answer = await remove(photo, await maskToPng(mask, width, height), signal);
  const image = await decodeRoom(answer.image, 100_000);
  if (image.width !== width || image.height !== height) {
    throw new Error(`${answer.provider} answered a room of another size`);
  }
  return { image, mask, pieces };
}

/**
 * The room flow's processing: the photo at working size, its furniture found (CenterNet) and
 * outlined with the room's regions, taken out piece by piece where a local fill holds up,
 * then one variation per style.
 * Progress: detection 10 %, removal to 60 %, styles to 100 %.
 */
export async function designRoom(input: Buffer, options: DesignOptions = {}): Promise<RoomDesign> {
  const report = (fraction: number) => options.onProgress?.(Math.min(1, fraction));
  const original = await decodeRoom(input, options.maxLongSide);
  const detections = await detectFurniture(original);
  report(0.1);
  options.signal?.throwIfAborted();
  const regions = await regionsOf(original, detections);
  const removal = options.remove
    ? await removeHosted(original, regions, options.remove, options.signal)
    : removePieces(original, regions.pieces, {
        signal: options.signal,
        onProgress: (f) => report(0.1 + f * 0.5),
      });
  report(0.6);
  const layers: RoomLayers = { original, emptied: removal.image, mask: removal.mask };
  const variations = await styleRoom(layers, options.styles ?? ROOM_STYLES, {
    regions,
    restyle: options.restyle,
    signal: options.signal,
    onProgress: (f) => report(0.6 + f * 0.38),
  });
  const [originalJpeg, emptiedJpeg, mask] = await Promise.all([
    encodeJpeg(original, ROOM_QUALITY),
    encodeJpeg(removal.image, ROOM_QUALITY),
    maskPng(removal.mask, original.width, original.height),
  ]);
  report(1);
  return {
    width: original.width,
    height: original.height,
    original: originalJpeg,
    emptied: emptiedJpeg,
    mask,
    furniture: detections,
    pieces: removal.pieces,
    variations,
  };
}
