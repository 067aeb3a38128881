import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { segmentSubject } from '../../packages/engine/src/models/background-removal.ts';
import { esrganUpscale } from '../../packages/engine/src/models/esrgan.ts';
import { classifyNsfw } from '../../packages/engine/src/models/nsfw.ts';
import { decodeImage } from '../../packages/engine/src/raw-image.ts';
import { renderSubjectPreset } from '../../packages/engine/src/scenes/scene-presets.ts';
import { lanczosUpscale } from '../../packages/engine/src/upscale.ts';
import { variationParams } from '../../packages/engine/src/variations.ts';

/**
 * One model per process (models-a.ts starts this once per model), so each peak RSS belongs to
 * that model alone. Prints one JSON line: rows of { label, ms[] } and the process's peak RSS.
 */
const [model, photoPath] = process.argv.slice(2) as [string, string];
const big = await sharp(photoPath)
  .resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' })
  .jpeg({ quality: 90 })
  .toBuffer();
const raw = await decodeImage(big);
const rows: { label: string; ms: number[] }[] = [];
async function time(label: string, runs: number, task: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await task();
    ms.push(performance.now() - t0);
  }
  rows.push({ label, ms });
}

if (model === 'background') {
  await time('first cut-out (loads ISNet once)', 1, () => segmentSubject(raw));
  let matte: Buffer = Buffer.alloc(0);
  await time('cut-out of the 12 MP photo (matte at full size)', 2, async () => {
    matte = await segmentSubject(raw);
  });
  await time('White BG from the matte', 2, () =>
    renderSubjectPreset(raw, matte, 'white-bg', variationParams(0)),
  );
  await time('Beach scene from the matte', 2, () =>
    renderSubjectPreset(raw, matte, 'beach', variationParams(0)),
  );
} else if (model === 'moderation') {
  await time('first classification (loads MobileNetV2 once)', 1, () => classifyNsfw(big));
  await time('classify the 12 MP JPEG', 5, () => classifyNsfw(big));
} else if (model === 'upscale') {
  const crop = await sharp(big)
    .extract({ left: 1422, top: 1067, width: 1155, height: 866 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const megapixel = { data: crop.data, width: crop.info.width, height: crop.info.height };
  await time('first ESRGAN 2× tile (loads the model once)', 1, () =>
    esrganUpscale({ data: crop.data.subarray(0, 64 * 64 * 3), width: 64, height: 64 }, 2),
  );
  await time('ESRGAN 2×, 1 MP crop of the photo (tiled)', 1, () => esrganUpscale(megapixel, 2));
  const quarter = await sharp(crop.data, { raw: { width: 1155, height: 866, channels: 3 } })
    .extract({ left: 0, top: 0, width: 578, height: 433 })
    .raw()
    .toBuffer();
  await time('ESRGAN 4×, 0.25 MP crop of the photo (tiled)', 1, () =>
    esrganUpscale({ data: quarter, width: 578, height: 433 }, 4),
  );
  await time('Lanczos + sharpen 2×, whole 12 MP photo → 48 MP', 1, () => lanczosUpscale(raw, 2));
}
console.log(JSON.stringify({ model, rows, peakMb: process.resourceUsage().maxRSS / 1024 }));
