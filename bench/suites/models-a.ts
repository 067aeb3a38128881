import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const worker = path.resolve(import.meta.dirname, 'models-a-worker.ts');
const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

interface WorkerReport {
  model: string;
  rows: { label: string; ms: number[] }[];
  peakMb: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Background removal (ISNet on onnxruntime-node), moderation (nsfwjs MobileNetV2 on TensorFlow.js
 * WASM) and upscaling (ESRGAN-slim, tiled; Lanczos as the fast path) on a 12-megapixel photo.
 * Each model runs in its own process, loaded once, so each peak RSS is that model's own.
 */
export async function modelsA() {
  console.log('\nmodels-a: 12 MP photo (4000×3000), one process per model');
  for (const model of ['moderation', 'upscale', 'background']) {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', worker, model, photo], {
      maxBuffer: 1024 * 1024,
      timeout: 15 * 60_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as WorkerReport;
    console.log(`  ${report.model} (peak RSS ${report.peakMb.toFixed(0)} MB)`);
    for (const row of report.rows) {
      console.log(
        `    ${row.label.padEnd(52)} median ${median(row.ms).toFixed(0).padStart(7)} ms  (${row.ms.length} run${row.ms.length > 1 ? 's' : ''})`,
      );
    }
  }
}
