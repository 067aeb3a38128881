import { createRequire } from 'node:module';
import path from 'node:path';
import type { removeBackground as removeBackgroundFn } from '@imgly/background-removal-node';
import sharp from 'sharp';
import { rawPipeline, type RawImage } from '../raw-image.ts';

const require = createRequire(import.meta.url);

/** ISNet works on a 1024 × 1024 square; the package squashes any input to it anyway. */
const MODEL_SIZE = 1024;

type RemoveBackground = typeof removeBackgroundFn;

let loaded: Promise<RemoveBackground> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The package ships its ONNX weights in chunks inside its own dist folder; without an explicit
 * `publicPath` it looks for them relative to the working directory, which breaks under npm
 * workspaces. It memoises the onnxruntime session per configuration, so the model is read and
 * compiled once per process, on first use.
 */
function modelConfig() {
  const dist = path.dirname(require.resolve('@imgly/background-removal-node'));
  return {
    publicPath: `file://${dist}/`,
    model: 'medium' as const,
    output: { format: 'image/x-rgba8' as const },
  };
}

function loadModel(): Promise<RemoveBackground> {
  loaded ??= import('@imgly/background-removal-node').then((module) => module.removeBackground);
  return loaded;
}

/** One inference at a time: each takes about 1 GB, and two would not finish sooner on 2 cores. */
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function maskAtModelSize(image: RawImage): Promise<Buffer> {
  const removeBackground = await loadModel();
  const square = await rawPipeline(image)
    .resize(MODEL_SIZE, MODEL_SIZE, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const blob = await removeBackground(
    new Blob([square], { type: `image/x-rgba8;width=${MODEL_SIZE};height=${MODEL_SIZE}` }),
    modelConfig(),
  );
  const rgba = Buffer.from(await blob.arrayBuffer());
  const alpha = Buffer.allocUnsafe(MODEL_SIZE * MODEL_SIZE);
  for (let p = 0; p < alpha.length; p++) alpha[p] = rgba[p * 4 + 3]!;
  return alpha;
}

/**
 * The subject's matte at the image's full size: 255 subject, 0 background, soft in between.
 * The model sees a 1024-pixel square; the matte is scaled back with a smooth kernel and eased by
 * a small blur so the edge stays soft at any size instead of showing the upscaled steps.
 */
export async function segmentSubject(image: RawImage): Promise<Buffer> {
  const small = await serialised(() => maskAtModelSize(image));
  const scale = Math.max(image.width, image.height) / MODEL_SIZE;
  let pipeline = sharp(small, {
    raw: { width: MODEL_SIZE, height: MODEL_SIZE, channels: 1 },
  }).resize(image.width, image.height, { fit: 'fill', kernel: 'cubic' });
  if (scale > 1.5) pipeline = pipeline.blur(Math.min(3, 0.4 * scale));
  return pipeline.extractChannel(0).raw().toBuffer();
}

/** Loads the model now (for benchmarks and warm-up), so the first request does not pay for it. */
export async function warmUpSegmentation(): Promise<void> {
  await segmentSubject({ data: Buffer.alloc(64 * 64 * 3, 128), width: 64, height: 64 });
}

/** The removeBackground capability: the subject as a PNG whose alpha is the matte. */
export async function cutOutSubject(image: RawImage): Promise<{ png: Buffer; matte: Buffer }> {
  const matte = await segmentSubject(image);
  const png = await rawPipeline(image)
    .joinChannel(matte, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, matte };
}
