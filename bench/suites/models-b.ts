import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  decodeImage,
  detectObjects,
  inpaintRaw,
  loadDetector,
  objectMask,
  removeObjects,
} from '../../packages/engine/src/index.ts';

const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/** Peak resident memory of the process so far, in MB (Linux reports kilobytes). */
const peakMb = () => process.resourceUsage().maxRSS / 1024;

async function timed<T>(label: string, runs: number, task: () => Promise<T> | T) {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await task();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  return { label, median, min: times[0]!, result: result as T };
}

function line(row: { label: string; median: number; min: number }, baseline: number) {
  console.log(
    `  ${row.label.padEnd(52)} median ${row.median.toFixed(0).padStart(6)} ms  min ${row.min
      .toFixed(0)
      .padStart(
        6,
      )} ms  ${(row.median / baseline).toFixed(1).padStart(5)}x decode  peak RSS ${peakMb().toFixed(0)} MB`,
  );
}

/**
 * Detection (CenterNet on TensorFlow.js WASM) and object removal (mask refinement plus the
 * exemplar fill) on a 12-megapixel photograph, each model loaded once for the whole process,
 * next to the cost of decoding that photo.
 */
export async function modelsB() {
  const big = await sharp(photo)
    .resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
  console.log(`\nmodels-b: 12 MP photo (4000×3000, ${(big.length / 1e6).toFixed(1)} MB JPEG)`);
  const decode = await timed('decode 12 MP JPEG to RGB (reference)', 3, () => decodeImage(big));
  const raw = decode.result;
  line(decode, decode.median);

  const load = await timed('load CenterNet (once per process)', 1, () => loadDetector());
  line(load, decode.median);
  const fromFile = await timed('detect objects, from the JPEG', 5, () => detectObjects(big));
  line(fromFile, decode.median);
  const fromRaw = await timed('detect objects, from decoded pixels', 5, () => detectObjects(raw));
  line(fromRaw, decode.median);
  const found = fromRaw.result;
  console.log(
    `  found: ${found.map((o) => `${o.label} ${o.score.toFixed(2)}`).join(', ') || 'nothing'}`,
  );

  for (const label of ['chair', 'couch']) {
    const object = found.find((o) => o.label === label);
    if (!object) continue;
    const share = ((object.box.width * object.box.height) / 100).toFixed(1);
    const mask = await timed(`${label} (box ${share}% of the photo): mask`, 3, () =>
      objectMask(raw, object.box),
    );
    line(mask, decode.median);
    const fill = await timed(`${label}: inpaint the mask`, 3, () => inpaintRaw(raw, mask.result));
    line(fill, decode.median);
    const whole = await timed(`${label}: removeObjects (detect, mask, fill)`, 2, () =>
      removeObjects(raw, { labels: [label] }),
    );
    line(whole, decode.median);
    const after = await detectObjects(whole.result.image, { labels: [label] });
    const overlapping = after.filter(
      (o) =>
        Math.abs(o.box.x + o.box.width / 2 - (object.box.x + object.box.width / 2)) <
          object.box.width / 2 &&
        Math.abs(o.box.y + o.box.height / 2 - (object.box.y + object.box.height / 2)) <
          object.box.height / 2,
    );
    console.log(
      `  ${label} after removal: ${overlapping.length === 0 ? 'no longer detected' : `still detected (${overlapping.map((o) => o.score).join(', ')})`}`,
    );
  }
}
