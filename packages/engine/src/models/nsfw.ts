import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type * as tfTypes from '@tensorflow/tfjs';
import { loadTf } from './tf-runtime.ts';

const require = createRequire(import.meta.url);

/** The classes of nsfwjs' models, in the order of their outputs. */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];

export interface ModerationScores {
  /** Probability of each class, summing to 1. */
  classes: Record<NsfwClass, number>;
  /**
   * How likely the image is not safe for work, 0..1: explicit classes count fully, 'sexy'
   * (swimwear, lingerie) half, so a beach photo does not read like pornography.
   */
  unsafe: number;
}

const INPUT_SIZE = 224;

interface BundledModel {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: Array<{ paths: string[]; weights: tfTypes.io.WeightsManifestEntry[] }>;
}

/**
 * nsfwjs ships its MobileNetV2 weights as JavaScript modules (model JSON and base64 shards)
 * inside the package. Its own loader imports the browser `buffer` package, which is not
 * installed, so the files are read here and handed to the engine's shared TensorFlow.js runtime.
 */
async function bundledModelHandler(): Promise<tfTypes.io.IOHandler> {
  const dir = path.join(path.dirname(require.resolve('nsfwjs')), '../esm/models/mobilenet_v2');
  const load = async (file: string) =>
    ((await import(pathToFileURL(path.join(dir, file)).href)) as { default: unknown }).default;
  const json = (await load('model.min.js')) as BundledModel;
  const shards = (await load('group1-shard1of1.min.js')) as string;
  const weights = Buffer.from(shards, 'base64');
  return {
    load: async () => ({
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
    }),
  };
}

let model: Promise<tfTypes.LayersModel> | undefined;

function loadModel(): Promise<tfTypes.LayersModel> {
  model ??= (async () => {
    const tf = await loadTf();
    return tf.loadLayersModel(await bundledModelHandler());
  })().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/** The NSFW classifier's view of an image (any format sharp reads); about 0.1 s after loading. */
export async function classifyNsfw(image: Buffer): Promise<ModerationScores> {
  const [tf, classifier] = await Promise.all([loadTf(), loadModel()]);
  const { data } = await sharp(image, { limitInputPixels: false })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = Float32Array.from(data, (v) => v / 255);
  const output = tf.tidy(
    () => classifier.predict(tf.tensor4d(input, [1, INPUT_SIZE, INPUT_SIZE, 3])) as tfTypes.Tensor,
  );
  const values = await output.data();
  output.dispose();
  const classes = Object.fromEntries(
    NSFW_CLASSES.map((name, i) => [name, values[i] ?? 0]),
  ) as Record<NsfwClass, number>;
  const unsafe = Math.min(1, classes.porn + classes.hentai + classes.sexy / 2);
  return { classes, unsafe };
}

export async function warmUpModeration(): Promise<void> {
  await loadModel();
}
