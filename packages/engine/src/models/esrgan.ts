import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tfTypes from '@tensorflow/tfjs';
import type { RawImage } from '../raw-image.ts';
import { fileModel, loadTf } from './tf-runtime.ts';

export type UpscaleFactor = 2 | 4;

const MODELS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../models');

/** Input pixels per tile side: big enough to keep the convolutions busy, small enough for memory. */
export const TILE = 160;
/** Context each tile reads beyond its edges, so its seams see the same neighbourhood as the middle. */
export const OVERLAP = 12;

const models = new Map<UpscaleFactor, Promise<tfTypes.LayersModel>>();

function loadModel(factor: UpscaleFactor): Promise<tfTypes.LayersModel> {
  let model = models.get(factor);
  if (!model) {
    model = (async () => {
      const tf = await loadTf();
      const file = path.join(MODELS_DIR, 'esrgan-slim', `x${factor}`, 'model.json');
      return tf.loadLayersModel(fileModel(file));
    })();
    model.catch(() => models.delete(factor));
    models.set(factor, model);
  }
  return model;
}

function extract(image: RawImage, x0: number, y0: number, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * image.width + x0) * 3;
    for (let k = 0; k < w * 3; k++) out[y * w * 3 + k] = image.data[from + k]!;
  }
  return out;
}

export interface TiledOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * ESRGAN-slim (the weights of @upscalerjs/esrgan-slim) over the image in tiles: each tile is
 * read with OVERLAP pixels of context on every side and only its middle is kept, so the seams
 * disappear while memory stays that of one tile, whatever the image's size.
 */
export async function esrganUpscale(
  image: RawImage,
  factor: UpscaleFactor,
  options: TiledOptions = {},
): Promise<RawImage> {
  const [tf, model] = await Promise.all([loadTf(), loadModel(factor)]);
  const { width, height } = image;
  const outWidth = width * factor;
  const out = Buffer.allocUnsafe(outWidth * height * factor * 3);
  const columns = Math.ceil(width / TILE);
  const rows = Math.ceil(height / TILE);
  let done = 0;
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < columns; tx++) {
      options.signal?.throwIfAborted();
      const x0 = tx * TILE;
      const y0 = ty * TILE;
      const x1 = Math.min(width, x0 + TILE);
      const y1 = Math.min(height, y0 + TILE);
      const rx0 = Math.max(0, x0 - OVERLAP);
      const ry0 = Math.max(0, y0 - OVERLAP);
      const rw = Math.min(width, x1 + OVERLAP) - rx0;
      const rh = Math.min(height, y1 + OVERLAP) - ry0;
      const result = tf.tidy(
        () =>
          model.predict(
            tf.tensor4d(extract(image, rx0, ry0, rw, rh), [1, rh, rw, 3]),
          ) as tfTypes.Tensor,
      );
      const pixels = (await result.data()) as Float32Array;
      result.dispose();
      const tileWidth = rw * factor;
      for (let y = y0 * factor; y < y1 * factor; y++) {
        const from = ((y - ry0 * factor) * tileWidth + (x0 - rx0) * factor) * 3;
        const to = (y * outWidth + x0 * factor) * 3;
        for (let k = 0; k < (x1 - x0) * factor * 3; k++) {
          const v = pixels[from + k]!;
          out[to + k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
        }
      }
      options.onProgress?.(++done / (columns * rows));
      // Let other requests run between tiles: the WASM backend computes on the main thread.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { data: out, width: outWidth, height: height * factor };
}

export async function warmUpUpscaler(factor: UpscaleFactor = 2): Promise<void> {
  await loadModel(factor);
}
