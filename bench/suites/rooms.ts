import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { LocalJobRunner } from '../../apps/server/src/platform/jobs.ts';
import { decodeImage, designRoom, loadDetector } from '../../packages/engine/src/index.ts';

const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

/** Peak resident memory of the process so far, in MB (Linux reports kilobytes). */
const peakMb = () => process.resourceUsage().maxRSS / 1024;
const MEMORY_LIMIT_MB = 2048;

/**
 * Room processing (furniture found and removed, four styles) on a 12-megapixel photo: once
 * alone, then three rooms handed to the job pool with the server's default of two at once, as
 * three people pressing Process together would. Reports time, how many ran at once and the
 * process's peak memory against the 2 GB budget.
 */
export async function rooms() {
  const big = await sharp(photo)
    .resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
  console.log(`\nrooms: 12 MP room photo (4000×3000, ${(big.length / 1e6).toFixed(1)} MB JPEG)`);
  let t0 = performance.now();
  await decodeImage(big);
  const decodeMs = performance.now() - t0;
  await loadDetector();

  t0 = performance.now();
  const stages: Array<[number, number]> = [];
  const design = await designRoom(big, {
    onProgress: (f) => stages.push([f, performance.now() - t0]),
  });
  const aloneMs = performance.now() - t0;
  const at = (fraction: number) => stages.find(([f]) => f >= fraction)?.[1] ?? aloneMs;
  console.log(
    `  one room alone: ${(aloneMs / 1000).toFixed(1)} s (${(aloneMs / decodeMs).toFixed(0)}x a decode) — ` +
      `detection ${(at(0.1) / 1000).toFixed(1)} s, removal ${((at(0.6) - at(0.1)) / 1000).toFixed(1)} s, ` +
      `four styles ${((aloneMs - at(0.6)) / 1000).toFixed(1)} s; working size ${design.width}×${design.height}, ` +
      `removed ${
        design.pieces
          .filter((p) => p.removed)
          .map((p) => p.label)
          .join(', ') || 'none'
      }; peak RSS ${peakMb().toFixed(0)} MB`,
  );

  const pool = new LocalJobRunner(2);
  let running = 0;
  let most = 0;
  pool.define('room-design', async () => {
    most = Math.max(most, ++running);
    try {
      await designRoom(big);
    } finally {
      running--;
    }
  });
  t0 = performance.now();
  await Promise.all([1, 2, 3].map(() => pool.run('room-design', {})));
  const threeMs = performance.now() - t0;
  const peak = peakMb();
  console.log(
    `  three rooms through the pool: ${(threeMs / 1000).toFixed(1)} s (${(threeMs / aloneMs).toFixed(1)}x one alone), ` +
      `at most ${most} at once; peak RSS ${peak.toFixed(0)} MB of ${MEMORY_LIMIT_MB} MB ` +
      `(${peak < MEMORY_LIMIT_MB && most <= 2 ? 'within budget' : 'OVER BUDGET'})`,
  );
}
