import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

let ready: Promise<typeof tf> | undefined;

/**
 * TensorFlow.js on its WASM backend, set up once per process. tfjs keeps one global backend, so
 * every model in the engine (detection, moderation, upscaling) shares this instance; the native
 * tfjs-node binding cannot be installed here, and the plain CPU backend is several times slower.
 */
export function loadTf(): Promise<typeof tf> {
  ready ??= (async () => {
    const wasmDir = path.dirname(
      require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
    );
    setWasmPaths(`${wasmDir}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}

interface ModelJson {
  modelTopology?: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: tf.io.ModelArtifacts['userDefinedMetadata'];
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

/**
 * Reads a TensorFlow.js model (model.json and its weight shards) from disk. Pure tfjs has no
 * file:// loader in Node (that lives in tfjs-node), so `tf.loadGraphModel(fileModel(path))` and
 * `tf.loadLayersModel(fileModel(path))` go through this handler instead.
 */
export function fileModel(modelJsonPath: string): tf.io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson;
      const dir = path.dirname(modelJsonPath);
      const shards: Buffer[] = [];
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      for (const group of json.weightsManifest) {
        for (const shard of group.paths) shards.push(await readFile(path.join(dir, shard)));
        weightSpecs.push(...group.weights);
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        weightSpecs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
      };
    },
  };
}
