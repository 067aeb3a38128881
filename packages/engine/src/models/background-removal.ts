import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { rawPipeline, type RawImage } from '../raw-image.ts';

const require = createRequire(import.meta.url);

/** ISNet works on a 1024 × 1024 square; the package squashes any input to it anyway. */
const MODEL_SIZE = 1024;

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

interface Pending {
  resolve(alpha: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

/**
 * The thread the model runs in, started on first use and kept (the model is read and compiled
 * once). It keeps the process alive only while an inference is pending; if it dies, every
 * pending inference fails and the next one starts a new thread.
 */
function inferenceThread(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./background-removal.worker.mjs', import.meta.url));
  thread.unref();
  thread.on(
    'message',
    ({ id, alpha, error }: { id: number; alpha?: Uint8Array; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) thread.unref();
      if (!waiting) return;
      if (alpha) waiting.resolve(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.byteLength));
      else waiting.reject(new Error(error ?? 'Background removal failed'));
    },
  );
  const fail = (error: Error) => {
    if (worker === thread) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`The background removal thread stopped (${code})`)));
  worker = thread;
  return thread;
}

function inferAlpha(square: Buffer): Promise<Buffer> {
  const thread = inferenceThread();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    const bytes = new Uint8Array(square.buffer, square.byteOffset, square.byteLength).slice();
    thread.postMessage({ id, square: bytes, size: MODEL_SIZE, config: modelConfig() }, [
      bytes.buffer,
    ]);
  });
}

/** One inference at a time: each takes about 1 GB, and two would not finish sooner on 2 cores. */
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function maskAtModelSize(image: RawImage): Promise<Buffer> {
  const square = await rawPipeline(image)
    .resize(MODEL_SIZE, MODEL_SIZE, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return inferAlpha(square);
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
