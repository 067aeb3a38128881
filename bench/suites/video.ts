import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { imageToVideo, readMp4, describeVideoTrack } from '../../packages/engine/src/index.ts';
import { encodeH264 } from '../../packages/engine/src/video/ffmpeg.ts';

const photo = path.resolve(
  import.meta.dirname,
  '../../packages/engine/test/fixtures/living-room.jpg',
);

async function time(task: () => Promise<unknown>, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/**
 * Image to video on a 12-megapixel photo (median of 3), beside what it is built on: decoding
 * and resizing the photo with sharp, and x264 encoding 72 ready frames of the same size.
 */
export async function video() {
  const big = await sharp(photo)
    .resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
  let info = '';
  const whole = await time(async () => {
    const result = await imageToVideo(big, { prompt: 'slow zoom in' });
    const track = describeVideoTrack(readMp4(result.video));
    info = `${track.width}×${track.height}, ${track.frames} frames, ${(result.video.length / 1024).toFixed(0)} KB`;
  });
  const decode = await time(() => sharp(big).resize(1536, 1152).raw().toBuffer());
  const frame = await sharp(big).resize(1280, 960).removeAlpha().raw().toBuffer();
  const encode = await time(() =>
    encodeH264({ width: 1280, height: 960, fps: 24, frames: 72, frame: () => Buffer.from(frame) }),
  );
  console.log('\nvideo: 3 s, 24 fps MP4 from a 12 MP photo (median of 3)');
  console.log(`  image to video (${info})`.padEnd(64), `${whole.toFixed(0).padStart(6)} ms`);
  console.log('  sharp decode + resize alone'.padEnd(64), `${decode.toFixed(0).padStart(6)} ms`);
  console.log(
    '  x264 encode of 72 ready frames alone'.padEnd(64),
    `${encode.toFixed(0).padStart(6)} ms`,
  );
  console.log(
    `  rendering frames costs ${(whole - decode - encode).toFixed(0)} ms over decode + encode (${(whole / (decode + encode)).toFixed(2)}x)`,
  );
}
