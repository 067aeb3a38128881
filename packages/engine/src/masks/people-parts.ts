import type { DetectedObject } from '../models/object-detector.ts';
import type { MaskTarget } from '../prompt/targets.ts';
import type { RawImage } from '../raw-image.ts';
import { facesMask, type FoundFace } from './faces.ts';
import { invertMask, maskCoverage, unionMasks, type Mask } from './mask.ts';
import { peopleSilhouette } from './people.ts';
import type { FoundMask } from './scene-masks.ts';
import { dropSkinAboveFaces } from './skin-above-faces.ts';
import { learnSkin, skinOfPeople } from './skin.ts';
import { dropPrintsOnClothes } from './skin-on-clothes.ts';

/** Faces found less surely than this are not edited ("could not find a face"). */
export const FACE_MIN_CONFIDENCE = 0.5;
/** Skin found less surely than this is not edited. */
export const SKIN_MIN_CONFIDENCE = 0.5;
/** People the detector is less sure of take no part in "the skin" or "the background". */
const PERSON_MIN = 0.3;

/**
 * The people standing in front, part of the subject a background edit leaves alone: sure
 * detections at least a quarter of the frame tall (not the crowd behind a footballer).
 */
export function mainPeople(detections: readonly DetectedObject[]): DetectedObject[] {
  return detections.filter((d) => d.label === 'person' && d.score >= 0.5 && d.box.height >= 25);
}

function faceInBox(face: FoundFace, box: DetectedObject['box'], image: RawImage): boolean {
  const x = (face.cx / image.width) * 100;
  const y = (face.cy / image.height) * 100;
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

/**
 * Matte values this close to 0 or 255 are taken as 0 or 255: a subject matte at 250 inside the
 * person would blend 2 % of a blurred background into them, and that alone re-encodes every
 * JPEG block of the person (ΔE 2 on the footballer, all of it outside the background).
 */
const SURE = 16;

/**
 * "The background": what is neither the salient-object matte (which keeps what the person
 * holds, a ball, a helmet) nor the people in front.
 */
export async function backgroundOf(
  image: RawImage,
  salient: Uint8Array,
  detections: readonly DetectedObject[],
): Promise<FoundMask> {
  let subject: Mask = { width: image.width, height: image.height, data: salient };
  const front = mainPeople(detections);
  if (front.length > 0) {
    subject = unionMasks(subject, (await peopleSilhouette(image, front, detections)).mask);
  }
  const coverage = maskCoverage(subject);
  if (coverage < 0.02 || coverage > 0.95) return { found: false, reason: 'low_confidence' };
  const background = invertMask(subject);
  const data = background.data;
  for (let p = 0; p < data.length; p++) {
    if (data[p]! < SURE) data[p] = 0;
    else if (data[p]! > 255 - SURE) data[p] = 255;
  }
  return { found: true, mask: background, confidence: 0.8, objects: [] };
}

/** The faces a clause means: all of them, the one a position word points at, or the biggest. */
export function chooseFaces(
  faces: readonly FoundFace[],
  target: Extract<MaskTarget, { kind: 'face' }>,
  imageWidth: number,
): FoundFace[] {
  let candidates = [...faces];
  if (target.position === 'left') candidates = candidates.filter((f) => f.cx < imageWidth / 2);
  if (target.position === 'right') candidates = candidates.filter((f) => f.cx > imageWidth / 2);
  if (target.all || candidates.length <= 1) return candidates;
  const order: Record<string, (a: FoundFace, b: FoundFace) => number> = {
    left: (a, b) => a.cx - b.cx,
    right: (a, b) => b.cx - a.cx,
  };
  candidates.sort(order[target.position ?? ''] ?? ((a, b) => b.width - a.width));
  return candidates.slice(0, 1);
}

/** The mask of the faces a clause names, or why there is none. */
export function faceParts(
  faces: readonly FoundFace[],
  target: Extract<MaskTarget, { kind: 'face' }>,
  image: RawImage,
): FoundMask {
  const chosen = chooseFaces(faces, target, image.width);
  if (chosen.length === 0) return { found: false, reason: 'not_found' };
  const confidence = Math.min(...chosen.map((f) => f.confidence));
  if (confidence < FACE_MIN_CONFIDENCE) {
    return { found: false, reason: 'low_confidence', confidence };
  }
  return {
    found: true,
    mask: facesMask(image, chosen),
    confidence,
    objects: [],
    partWidth: Math.round(Math.max(...chosen.map((f) => f.width))),
  };
}

/**
 * The skin of the people in view: inside their silhouettes, the colour of their faces' skin
 * (or, with no face to learn it from, the usual skin colours, less surely). A face without
 * colour (a black-and-white photo) leaves skin indistinguishable: then nothing is guessed.
 */
export async function skinOfThePeople(
  image: RawImage,
  detections: readonly DetectedObject[],
  faces: readonly FoundFace[],
): Promise<FoundMask> {
  // The people in front and those whose face was found: a matte for each spectator the
  // detector half-sees would cost a second and find nothing.
  const front = mainPeople(detections);
  const people = detections.filter(
    (d) =>
      d.label === 'person' &&
      d.score >= PERSON_MIN &&
      (front.includes(d) || faces.some((f) => faceInBox(f, d.box, image))),
  );
  if (people.length === 0) return { found: false, reason: 'not_found' };
  const model = learnSkin(image, faces);
  if (faces.length > 0 && !model)
    return { found: false, reason: 'low_confidence', confidence: 0.2 };
  const silhouette = await peopleSilhouette(image, people, detections);
  const skin = skinOfPeople(image, silhouette.mask, model);
  dropSkinAboveFaces(skin, faces);
  dropPrintsOnClothes(skin, silhouette.mask, faces);
  if (maskCoverage(skin) < 0.002) return { found: false, reason: 'not_found' };
  const sure = model ? 0.8 : SKIN_MIN_CONFIDENCE;
  const confidence = Math.round(sure * Math.min(1, silhouette.confidence + 0.3) * 100) / 100;
  if (confidence < SKIN_MIN_CONFIDENCE)
    return { found: false, reason: 'low_confidence', confidence };
  return { found: true, mask: skin, confidence, objects: people };
}
