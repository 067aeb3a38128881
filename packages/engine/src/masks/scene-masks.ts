import { segmentSubject } from '../models/background-removal.ts';
import { detectObjects, type DetectedObject } from '../models/object-detector.ts';
import type { MaskTarget } from '../prompt/targets.ts';
import type { RawImage } from '../raw-image.ts';
import { NAMED_MIN_SCORE, chooseObjects, clickedObject, objectsInFront } from './choose-objects.ts';
import { maskCoverage, unionMasks, type Mask } from './mask.ts';
import { findFaces, type FoundFace } from './faces.ts';
import { backgroundOf, faceParts, skinOfThePeople } from './people-parts.ts';
import { peopleSilhouette } from './people.ts';
import { objectSilhouette } from './object-silhouette.ts';
import { detectInTiles, mergeDetections } from './tiled-detection.ts';
import { findRoomRegions, type RoomRegions } from './room-regions.ts';
import { cutAtCeilingLine } from './ceiling-line.ts';
import { keepSmoothParts, refineSurfaceEdge } from './surface-edge.ts';
import { FURNITURE_LABELS } from '../models/coco-labels.ts';
import { INDOOR_FACTOR, SKY_MIN_CONFIDENCE, estimateSky } from './sky.ts';
import { findText, type FoundText } from './text.ts';
import { textTarget } from './text-target.ts';

/** Why a part of the picture could not be selected (the web app words it per language). */
export type MissReason =
  /** Nothing of that kind was found ("no chair"). */
  | 'not_found'
  /** Something was found but not surely enough ("could not find the sky"). */
  | 'low_confidence'
  /** The local engine has no way to find this kind of part: a selection or hosted model can. */
  | 'no_local_source';

export type FoundMask =
  | {
      found: true;
      mask: Mask;
      confidence: number;
      objects: DetectedObject[];
      /** The width in pixels of one part (a face), where a blur or pixelation scales with it. */
      partWidth?: number;
      /** Text: its lines and letters (the mask is the lines' cover; a removal fills letters). */
      text?: FoundText;
      /**
       * The mask's edge was already decided at full size from the picture's colours (walls and
       * floor, decision 039): edits blend through it as it is, with the small feather.
       */
      edgeDecided?: boolean;
    }
  | { found: false; reason: MissReason; confidence?: number };

/** Things only found indoors: with one of them in the picture, a bright plain top is a ceiling. */
const INDOOR = new Set([
  'couch',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'refrigerator',
  'oven',
  'sink',
]);

/** Large furniture: one in view says "a room" (a clock or a vase is seen outdoors too). */
const ROOM_SIGNS = new Set([...INDOOR, 'chair']);
const FURNITURE = new Set<string>(FURNITURE_LABELS);
/** Walls or a floor found with less confidence are not edited ("could not find the walls"). */
export const SURFACE_MIN_CONFIDENCE = 0.5;
/** Without furniture in view, the walls' and floor's confidence is multiplied by this. */
const OUTDOOR_FACTOR = 0.25;

/**
 * The share of where a surface should be (above the wall–floor line for the walls, below it for
 * the floor, leaving out the furniture) that its mask covers, from which confidence falls to 0
 * at half of it. Set on the three room photos: the living room's walls cover 0.55, the
 * bedroom's 0.35 (its dark panelling is missed and the blue came out in blocks), the kitchen's
 * 0.20; floors 0.99, 0.49 (the bed taken for floor) and 0.79.
 */
const SURFACE_SHARE = { wall: 0.5, floor: 0.75 } as const;

/**
 * The walls less the pictures, windows and doors on them: a pale canvas as light as the wall
 * would otherwise be taken back in by the edge's colour test.
 */
function withoutKept(mask: Mask, rooms: RoomRegions): Mask {
  const { picture, window, door } = rooms.regions;
  const data = Uint8Array.from(mask.data, (v, p) =>
    Math.max(picture.mask.data[p]!, window.mask.data[p]!, door.mask.data[p]!) >= 128 ? 0 : v,
  );
  return { ...mask, data };
}

function surfaceShare(rooms: RoomRegions, kind: 'wall' | 'floor'): number {
  const { width, height } = rooms;
  const line = Math.round(rooms.floorLine * height);
  const mask = rooms.regions[kind].mask.data;
  let where = 0;
  let covered = 0;
  // Every fourth pixel each way is plenty for a share.
  for (let y = kind === 'wall' ? 0 : line; y < (kind === 'wall' ? line : height); y += 4) {
    for (let x = 0; x < width; x += 4) {
      const p = y * width + x;
      if (rooms.pieces.some((piece) => piece.mask.data[p]! >= 128)) continue;
      where++;
      if (mask[p]! >= 128) covered++;
    }
  }
  return where === 0 ? 0 : covered / where;
}

/** Confidence below which an object's outline is not trusted. */
const OBJECT_MIN_CONFIDENCE = 0.35;
/**
 * A named object found on the whole photo with less than this score is looked for again on its
 * quarters (small things: the vase on the coffee table was a "remote" at 0.17 on the whole photo
 * and the pendant lamp a "vase" at 0.36; on a quarter the vase scores 0.41).
 */
const SURE_SCORE = 0.5;

/**
 * The masks of one picture, found on demand and kept: the detector and the subject matte run
 * at most once per picture, whatever the number of clauses or variations that need them.
 */
export class SceneMasks {
  private detections?: Promise<DetectedObject[]>;
  private closer?: Promise<DetectedObject[]>;
  private matte?: Promise<Uint8Array>;
  private readonly found = new Map<string, Promise<FoundMask>>();
  private rooms?: Promise<RoomRegions>;
  private faceList?: Promise<FoundFace[]>;
  private texts?: Promise<FoundText>;
  /** What the person selected, when they did: the target of clauses that name no part. */
  selection?: FoundMask;

  constructor(readonly image: RawImage) {}

  /** The outlines of chosen detected objects, as one mask. */
  async outlineOf(chosen: DetectedObject[]): Promise<FoundMask> {
    return this.outline(await this.objects(), chosen);
  }

  objects(): Promise<DetectedObject[]> {
    this.detections ??= detectObjects(this.image);
    return this.detections;
  }

  /** The whole photo's detections with those of its quarters (small things), computed once. */
  objectsCloser(): Promise<DetectedObject[]> {
    this.closer ??= Promise.all([this.objects(), detectInTiles(this.image, NAMED_MIN_SCORE)]).then(
      ([whole, tiled]) => mergeDetections(whole, tiled),
    );
    return this.closer;
  }

  /** The picture's text (PaddleOCR's detector and recogniser run once, on first need). */
  text(): Promise<FoundText> {
    this.texts ??= findText(this.image);
    return this.texts;
  }

  subjectMatte(): Promise<Uint8Array> {
    this.matte ??= segmentSubject(this.image).then((b) => new Uint8Array(b));
    return this.matte;
  }

  /** The mask of a named part, or why there is none. */
  resolve(target: MaskTarget): Promise<FoundMask> {
    const key = JSON.stringify(target);
    let result = this.found.get(key);
    if (!result) {
      result = this.find(target);
      this.found.set(key, result);
    }
    return result;
  }

  /** The object under a point given in percentages of the width and height. */
  async objectAt(point: { x: number; y: number }): Promise<FoundMask> {
    const clicked = await clickedObject(point, await this.objects(), () => this.objectsCloser());
    if (!clicked) return { found: false, reason: 'not_found' };
    return this.outline([...clicked.among], [clicked.object]);
  }

  /** The faces in the picture (face detector and mesh), found once. */
  faces(): Promise<FoundFace[]> {
    this.faceList ??= this.objects().then((detections) =>
      findFaces(
        this.image,
        detections.filter((d) => d.label === 'person'),
      ),
    );
    return this.faceList;
  }

  private async outline(
    detections: DetectedObject[],
    chosen: DetectedObject[],
  ): Promise<FoundMask> {
    let mask: Mask | undefined;
    let confidence = 1;
    // People are outlined by the person-matting model, which follows hair, arms and legs.
    const people = chosen.filter((d) => d.label === 'person');
    if (people.length > 0) {
      const silhouette = await peopleSilhouette(this.image, people, detections);
      mask = silhouette.mask;
      confidence = silhouette.confidence;
    }
    for (const object of chosen) {
      if (object.label === 'person') continue;
      const silhouette = await objectSilhouette(this.image, object.box, {
        inFront: objectsInFront(detections, object),
        subjectMatte: () => this.subjectMatte(),
        label: object.label,
      });
      mask = mask ? unionMasks(mask, silhouette.mask) : silhouette.mask;
      confidence = Math.min(confidence, silhouette.confidence);
    }
    if (!mask || confidence < OBJECT_MIN_CONFIDENCE || maskCoverage(mask) === 0) {
      return { found: false, reason: 'low_confidence', confidence };
    }
    return { found: true, mask, confidence, objects: chosen };
  }

  /**
   * The walls or the floor of a room, from the room-regions code. Its confidence is how much of
   * the picture the surface covers; outdoors a facade or a road would pass, so without a piece
   * of furniture in view it is cut as the sky's is indoors.
   */
  private async surface(kind: 'wall' | 'floor'): Promise<FoundMask> {
    const detections = await this.objects();
    const furniture = detections.filter((d) => FURNITURE.has(d.label));
    this.rooms ??= findRoomRegions(this.image, furniture);
    const rooms = await this.rooms;
    const region = rooms.regions[kind];
    const indoor = detections.some((d) => d.score >= 0.3 && ROOM_SIGNS.has(d.label));
    const share = surfaceShare(rooms, kind);
    const fits = Math.min(1, Math.max(0, (2 * share) / SURFACE_SHARE[kind] - 1));
    const confidence =
      Math.round(region.confidence * fits * (indoor ? 1 : OUTDOOR_FACTOR) * 100) / 100;
    if (confidence < SURFACE_MIN_CONFIDENCE || maskCoverage(region.mask) === 0) {
      return { found: false, reason: 'low_confidence', confidence };
    }
    const edged = refineSurfaceEdge(this.image, region.mask);
    const mask =
      kind === 'wall'
        ? withoutKept(
            keepSmoothParts(
              this.image,
              cutAtCeilingLine(this.image, edged, rooms.regions.ceiling.mask),
            ),
            rooms,
          )
        : edged;
    return { found: true, mask, confidence, objects: [], edgeDecided: true };
  }

  private async find(target: MaskTarget): Promise<FoundMask> {
    switch (target.kind) {
      case 'object': {
        let detections = await this.objects();
        const named = new Set(target.labels);
        const sure = detections.some((d) => named.has(d.label) && d.score >= SURE_SCORE);
        // People are the person masks' business; everything else may be small.
        if (!sure && !named.has('person')) detections = await this.objectsCloser();
        const chosen = chooseObjects(detections, { ...target });
        if (chosen.length === 0) return { found: false, reason: 'not_found' };
        return this.outline(detections, chosen);
      }
      case 'person':
        return this.find({ kind: 'object', labels: ['person'], all: true });
      case 'sky': {
        // The detector and the estimate run side by side; indoors weighs on the confidence.
        const [detections, sky] = await Promise.all([this.objects(), estimateSky(this.image)]);
        const indoor = detections.some((d) => d.score >= 0.3 && INDOOR.has(d.label));
        const confidence = Math.round(sky.confidence * (indoor ? INDOOR_FACTOR : 1) * 100) / 100;
        if (confidence < SKY_MIN_CONFIDENCE) {
          return { found: false, reason: 'low_confidence', confidence };
        }
        return { found: true, mask: sky.mask, confidence, objects: [] };
      }
      case 'background':
        return backgroundOf(this.image, await this.subjectMatte(), await this.objects());
      case 'face':
        return faceParts(await this.faces(), target, this.image);
      case 'skin':
        return skinOfThePeople(this.image, await this.objects(), await this.faces());
      case 'text':
      case 'plate': {
        const detections = target.kind === 'plate' ? await this.objects() : [];
        return textTarget(target.kind, await this.text(), detections);
      }
      case 'walls':
      case 'floor':
        return this.surface(target.kind === 'walls' ? 'wall' : 'floor');
      case 'selection':
        return this.selection ?? { found: false, reason: 'not_found' };
      default:
        return { found: false, reason: 'no_local_source' };
    }
  }
}
