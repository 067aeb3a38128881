import type { FastifyInstance } from 'fastify';
import {
  SEARCH_FAILED,
  SEGMENTATION_FAILED,
  type FurnitureSegment,
  type SearchFurnitureResponse,
  type SearchResult,
} from '@image-lab/contract';
import {
  FURNITURE_LABELS,
  detectObjectsOnThread,
  isRoomStyle,
  regionColour,
  type PercentBox,
} from '@image-lab/engine';
import type { FurnitureBox } from '../../db/schema/rooms.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { readWorkingBytes } from '../images/images.service.ts';
import type { RoomOwner } from '../rooms/room-owner.ts';
import {
  findOwnSegment,
  findVariation,
  replaceSegments,
  saveSearchResults,
  segmentsOf,
  type RoomSegmentRow,
} from '../rooms/rooms.repository.ts';
import { ownRoomUpload, ROOM_NOT_FOUND } from '../rooms/rooms.service.ts';
import { shoppingName, type ProductSearch } from './product-search.ts';

export const SEGMENT_JOB = 'room-segment';
const RESULTS = 8;

interface SegmentPayload {
  imageKey: string;
  /** Furniture found in the original photo; the variations keep it in place. */
  known: FurnitureBox[];
}

/** Upload ids are 22 characters of base64url; variation ids are UUIDs (36). */
const isUploadId = (id: string) => id.length === 22;

type FoundPiece = FurnitureBox & { colour: string; colourHex: string };

function iou(a: PercentBox, b: PercentBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * The detector on the image (a variation's furniture is the photo's, restyled in place), with
 * the photo's own detections added where the restyled piece was not found again, then each
 * piece's dominant colour.
 */
export function defineSegmentJob(app: FastifyInstance) {
  app.jobs.define<SegmentPayload, FoundPiece[]>(SEGMENT_JOB, async (payload) => {
    const image = await readWorkingBytes(app, payload.imageKey);
    const found: FurnitureBox[] = (
      await detectObjectsOnThread(image, { labels: FURNITURE_LABELS })
    ).map((d) => ({ label: d.label, score: d.score, box: d.box }));
    for (const known of payload.known) {
      const again = found.some((f) => f.label === known.label && iou(f.box, known.box) > 0.3);
      if (!again) found.push(known);
    }
    const pieces: FoundPiece[] = [];
    for (const piece of found) {
      const colour = await regionColour(image, piece.box);
      pieces.push({ ...piece, colour: colour.name, colourHex: colour.hex });
    }
    return pieces;
  });
}

function toSegment(row: RoomSegmentRow): FurnitureSegment {
  return {
    id: row.id,
    imageId: row.imageId,
    furnitureType: row.furnitureType,
    boundingBox: row.box,
    score: row.score,
    colour: row.colour,
    colourHex: row.colourHex,
  };
}

/** The image an id names inside the owner's designs: a variation, or an upload's photo. */
async function ownImage(app: FastifyInstance, owner: RoomOwner, imageId: string) {
  if (isUploadId(imageId)) {
    const upload = await ownRoomUpload(app, owner, imageId);
    return { upload, key: upload.workingKey ?? upload.originalKey, style: null };
  }
  const variation = await findVariation(app.database.db, imageId);
  if (!variation) throw notFound(ROOM_NOT_FOUND);
  const upload = await ownRoomUpload(app, owner, variation.uploadId);
  return { upload, key: variation.storageKey, style: variation.style };
}

/** POST /api/segment-room/{id}: find the furniture in a variation (or the photo), store it. */
export async function segmentRoom(
  app: FastifyInstance,
  owner: RoomOwner,
  imageId: string,
): Promise<FurnitureSegment[]> {
  const { upload, key } = await ownImage(app, owner, imageId);
  let pieces: FoundPiece[];
  try {
    pieces = await app.jobs.run<SegmentPayload, FoundPiece[]>(SEGMENT_JOB, {
      imageKey: key,
      known: upload.furniture ?? [],
    });
  } catch (error) {
    app.log.error({ err: error, imageId }, 'furniture segmentation failed');
    throw new AppError(500, 'segmentation_failed', SEGMENTATION_FAILED, 'Segmentation Failed');
  }
  const rows = await replaceSegments(
    app.database.db,
    upload.id,
    imageId,
    pieces.map((p) => ({
      uploadId: upload.id,
      imageId,
      furnitureType: shoppingName(p.label),
      box: p.box,
      score: p.score,
      colour: p.colour,
      colourHex: p.colourHex,
    })),
  );
  // The order the listing has (score, then id), so both answers agree when scores tie.
  return rows
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(toSegment);
}

export async function listSegments(app: FastifyInstance, owner: RoomOwner, imageId: string) {
  const { upload } = await ownImage(app, owner, imageId);
  return (await segmentsOf(app.database.db, upload.id, imageId)).map(toSegment);
}

async function ownSegment(app: FastifyInstance, owner: RoomOwner, segmentId: string) {
  const found = await findOwnSegment(app.database.db, owner, segmentId);
  if (!found) throw notFound('Furniture segment not found');
  return found;
}

/** POST /api/search-furniture/{segmentId}: similar products, ranked, stored with the segment. */
export async function searchFurniture(
  app: FastifyInstance,
  search: ProductSearch,
  owner: RoomOwner,
  segmentId: string,
): Promise<SearchFurnitureResponse> {
  const { segment } = await ownSegment(app, owner, segmentId);
  const variation = isUploadId(segment.imageId)
    ? undefined
    : await findVariation(app.database.db, segment.imageId);
  const style = variation && isRoomStyle(variation.style) ? variation.style : null;
  let answer: { results: SearchResult[]; sampleData: boolean };
  try {
    answer = await search.search({
      furnitureType: segment.furnitureType,
      colour: segment.colour,
      colourHex: segment.colourHex,
      style,
      limit: RESULTS,
    });
  } catch (error) {
    app.log.error({ err: error, segmentId }, 'furniture search failed');
    throw new AppError(502, 'search_failed', SEARCH_FAILED, 'Search Failed');
  }
  await saveSearchResults(app.database.db, segmentId, answer.results, search.id);
  return { segmentId, source: search.id, sampleData: answer.sampleData, results: answer.results };
}

export async function searchResults(app: FastifyInstance, owner: RoomOwner, segmentId: string) {
  const { segment } = await ownSegment(app, owner, segmentId);
  return segment.results ?? [];
}
