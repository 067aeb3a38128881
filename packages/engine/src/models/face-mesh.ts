import path from 'node:path';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import type { RawImage } from '../raw-image.ts';
import type { DetectedFace } from './face-detector.ts';
import { fromCrop, sampleSquare, type SquareCrop } from './square-crop.ts';
import { fileModel, loadTf } from './tf-runtime.ts';

const MODEL_PATH = path.resolve(import.meta.dirname, '../../models/facemesh/facemesh.json');
const INPUT = 192;
const POINTS = 468;

/**
 * The face's outline in MediaPipe's 468-point mesh, clockwise from the top of the forehead
 * (point 10) by the right temple, jaw and chin (152) and back: the "face oval".
 */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];
/** Outer corners of the eyes (subject's right, then left): the face's tilt. */
const EYE_CORNERS = [33, 263] as const;

/** Crops are this many times the face's extent, as MediaPipe frames its landmark model. */
const FRAME = 1.5;

let model: Promise<GraphModel> | undefined;

function loadMesh(): Promise<GraphModel> {
  model ??= loadTf().then((tf) => tf.loadGraphModel(fileModel(MODEL_PATH)));
  model.catch(() => {
    model = undefined;
  });
  return model;
}

export interface FaceMesh {
  /** 468 points in image pixels. */
  points: Array<[number, number]>;
  /** 0..1: the model's own belief that its square held a face. */
  score: number;
}

async function runMesh(image: RawImage, crop: SquareCrop): Promise<FaceMesh> {
  const [mesh, tf] = await Promise.all([loadMesh(), loadTf()]);
  const input = tf.tensor4d(
    sampleSquare(image, crop, INPUT, (v) => v / 255),
    [1, INPUT, INPUT, 3],
  );
  const outputs = mesh.execute(input) as Tensor[];
  try {
    const coords = outputs.find((t) => t.shape[t.shape.length - 1] === POINTS * 3)!;
    const flag = outputs.find((t) => t.shape[t.shape.length - 1] === 1)!;
    const raw = await coords.data();
    const score = (await flag.data())[0]!;
    const points: Array<[number, number]> = [];
    for (let i = 0; i < POINTS; i++)
      points.push(fromCrop(crop, INPUT, raw[i * 3]!, raw[i * 3 + 1]!));
    return { points, score: Math.round(score * 100) / 100 };
  } finally {
    input.dispose();
    tf.dispose(outputs);
  }
}

/** The square around a mesh, turned so its eyes are level, as the next pass's crop. */
function cropAround(points: Array<[number, number]>): SquareCrop {
  const [right, left] = EYE_CORNERS.map((i) => points[i]!);
  const angle = Math.atan2(left![1] - right![1], left![0] - right![0]);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return {
    cx: (minX + maxX) / 2,
    cy: (minY + maxY) / 2,
    side: Math.max(maxX - minX, maxY - minY) * FRAME,
    angle,
  };
}

/**
 * The 468 landmarks of a detected face: a first pass on the detector's box turned level by its
 * eye keypoints, a second on the square around the first mesh (MediaPipe's tracking step),
 * which centres a face the detector framed loosely.
 */
export async function faceMesh(image: RawImage, face: DetectedFace): Promise<FaceMesh> {
  const [right, left] = face.keypoints;
  const first: SquareCrop = {
    cx: face.cx,
    cy: face.cy,
    side: face.size * FRAME,
    angle: Math.atan2(left![1] - right![1], left![0] - right![0]),
  };
  const rough = await runMesh(image, first);
  if (rough.score < 0.5) return rough;
  return runMesh(image, cropAround(rough.points));
}

/** Loads the mesh model now (benchmarks, warm-up). */
export async function warmUpFaceMesh(): Promise<void> {
  await loadMesh();
}
