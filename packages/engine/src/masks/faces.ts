import {
  detectFaces,
  oneBoxPerFace,
  type DetectedFace,
  type FaceRange,
} from '../models/face-detector.ts';
import { FACE_OVAL, faceMesh } from '../models/face-mesh.ts';
import type { DetectedObject } from '../models/object-detector.ts';
import type { RawImage } from '../raw-image.ts';
import { paintFaceWithItsSkin } from './face-skin.ts';
import { emptyMask, type Mask } from './mask.ts';
import { percentToRect } from './rect.ts';

/** A detector box must be this sure before the mesh is asked about it. */
const DETECTOR_MIN = 0.5;
/** The mesh's own face score below which its square held no face (a back of a head, a ball). */
const MESH_MIN = 0.5;
/** People the detector is less sure of are not searched for faces. */
const PERSON_MIN = 0.3;

/** One face: its outline, from the top of the forehead to the chin and cheek to cheek. */
export interface FoundFace {
  outline: Array<[number, number]>;
  /** Width in pixels (cheek to cheek). */
  width: number;
  /** Where its middle is, in pixels. */
  cx: number;
  cy: number;
  /** 0..1: the lower of the detector's and the mesh's scores. */
  confidence: number;
}

interface SearchSquare {
  cx: number;
  cy: number;
  side: number;
  range: FaceRange;
}

/**
 * Squares to look for faces in: the whole frame (faces down to about 1/20 of its long side) and
 * each person's head end — the top of the box, as wide as the box and at most 40 % of its
 * height — where a face far smaller than the frame fills enough of the square to be found.
 */
function searchSquares(image: RawImage, people: readonly DetectedObject[]): SearchSquare[] {
  const side = Math.max(image.width, image.height);
  const squares: SearchSquare[] = [
    { cx: image.width / 2, cy: image.height / 2, side, range: 'far' },
  ];
  for (const person of people) {
    if (person.score < PERSON_MIN) continue;
    const box = percentToRect(person.box, image.width, image.height);
    const head = Math.max(8, Math.min(box.width, box.height * 0.4));
    const square = { cx: box.left + box.width / 2, cy: box.top + head * 0.45, side: head * 1.1 };
    if (square.side > side * 0.6) continue;
    squares.push({ ...square, range: 'far' }, { ...square, range: 'near' });
  }
  return squares;
}

/**
 * The faces in a photo: BlazeFace on the whole frame and on each person's head, then
 * MediaPipe's face mesh on each box; a face counts when both models are sure of it. Its
 * outline is the mesh's face oval (forehead to chin, cheek to cheek; ears, neck and the hair
 * around the face are not the face; a fringe over the forehead is inside it).
 */
export async function findFaces(
  image: RawImage,
  people: readonly DetectedObject[],
): Promise<FoundFace[]> {
  const candidates: DetectedFace[] = [];
  for (const square of searchSquares(image, people)) {
    candidates.push(...(await detectFaces(image, square, square.range, DETECTOR_MIN)));
  }
  const faces: FoundFace[] = [];
  for (const candidate of oneBoxPerFace(candidates)) {
    const mesh = await faceMesh(image, candidate);
    if (mesh.score < MESH_MIN) continue;
    const outline = FACE_OVAL.map((i) => mesh.points[i]!);
    const xs = outline.map((p) => p[0]);
    const ys = outline.map((p) => p[1]);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    // A mesh that drifted off the detector's face (or collapsed) is no face.
    const ratio = Math.max(width, height) / candidate.size;
    if (ratio < 0.6 || ratio > 2.5) continue;
    faces.push({
      outline,
      width,
      cx: (Math.max(...xs) + Math.min(...xs)) / 2,
      cy: (Math.max(...ys) + Math.min(...ys)) / 2,
      confidence: Math.min(candidate.score, mesh.score),
    });
  }
  return faces;
}

/** The faces' outlines, each widened to its skin (`paintFaceWithItsSkin`), in one mask. */
export function facesMask(image: RawImage, faces: readonly FoundFace[]): Mask {
  const mask = emptyMask(image.width, image.height);
  for (const face of faces) paintFaceWithItsSkin(image, face, mask);
  return mask;
}
