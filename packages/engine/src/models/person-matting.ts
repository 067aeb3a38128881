import path from 'node:path';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import type { Rect } from '../masks/rect.ts';
import { rawPipeline, resizePlane, type RawImage } from '../raw-image.ts';
import { fileModel, loadTf } from './tf-runtime.ts';

const MODEL_PATH = path.resolve(import.meta.dirname, '../../models/rvm/rvm.json');

/**
 * Robust Video Matting sees the crop at this long side and refines a coarse pass at half of it
 * (`downsample_ratio`). Measured on the evaluation's people (issue 16): 768/0.5 gave IoU 0.93
 * and 0.97 with the hand tracings, 512/0.5 0.86 on the footballer, 512/1 the same as 768/0.5 at
 * 1.5× the time.
 */
const LONG_SIDE = 768;
const DOWNSAMPLE = 0.5;

let model: Promise<GraphModel> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function loadMatting(): Promise<GraphModel> {
  model ??= loadTf().then((tf) => tf.loadGraphModel(fileModel(MODEL_PATH)));
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/** One run at a time: the WASM backend is one thread, and two would only share it. */
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** One channel, 0..255, at its own size. */
export interface Plane {
  data: Uint8Array;
  width: number;
  height: number;
}

async function matteAtWorkSize(image: RawImage, rect: Rect): Promise<Plane> {
  const [matting, tf] = await Promise.all([loadMatting(), loadTf()]);
  const scale = LONG_SIDE / Math.max(rect.width, rect.height);
  const width = Math.max(16, Math.round(rect.width * scale));
  const height = Math.max(16, Math.round(rect.height * scale));
  const pixels = await rawPipeline(image)
    .extract(rect)
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) input[i] = pixels[i]! / 255;
  // A still photo is the first frame of a video: the recurrent states start empty.
  const feeds: Record<string, Tensor> = {
    src: tf.tensor4d(input, [1, height, width, 3]),
    r1i: tf.scalar(0),
    r2i: tf.scalar(0),
    r3i: tf.scalar(0),
    r4i: tf.scalar(0),
    downsample_ratio: tf.scalar(DOWNSAMPLE),
  };
  try {
    const alpha = (await matting.executeAsync(feeds, ['pha'])) as Tensor;
    const values = await alpha.data();
    alpha.dispose();
    const data = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) {
      data[i] = Math.round(Math.min(1, Math.max(0, values[i]!)) * 255);
    }
    return { data, width, height };
  } finally {
    tf.dispose(Object.values(feeds));
  }
}

/**
 * The people in a rectangle of the image as a soft matte (255 person, 0 not): Robust Video
 * Matting (Lin et al. 2021) on the crop scaled to a 768-pixel long side, whatever the photo's
 * size, so a person in a 12 MP photo costs what one in a thumbnail does. Hair and fingers come
 * out soft, as a matte's should. The matte is at that work size (see `planeToRect`).
 */
export function matteOfPeople(image: RawImage, rect: Rect): Promise<Plane> {
  return serialised(() => matteAtWorkSize(image, rect));
}

/** A work-size plane scaled (smoothly) to a rectangle's size. */
export async function planeToRect(plane: Plane, rect: Rect): Promise<Uint8Array> {
  const full = await resizePlane(plane.data, plane.width, plane.height, rect.width, rect.height);
  return new Uint8Array(full.buffer, full.byteOffset, full.byteLength);
}

/**
 * Loads the matting model and runs it once on a small grey square (benchmarks, warm-up): the
 * first run of a graph also sets up its kernels, which costs about a second more.
 */
export async function warmUpPersonMatting(): Promise<void> {
  const grey = { data: Buffer.alloc(64 * 64 * 3, 128), width: 64, height: 64 };
  await matteOfPeople(grey, { left: 0, top: 0, width: 64, height: 64 });
}
