import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { segmentSubject } from '../src/models/background-removal.ts';
import { esrganUpscale } from '../src/models/esrgan.ts';
import { classifyNsfw } from '../src/models/nsfw.ts';
import { decodeImage, type RawImage } from '../src/raw-image.ts';
import { renderSubjectPreset, SUBJECT_PRESETS } from '../src/scenes/scene-presets.ts';
import { whiteBackground } from '../src/scenes/white-background.ts';
import { cleanMatte } from '../src/scenes/composite.ts';
import { upscaleImage } from '../src/upscale.ts';
import { variationParams } from '../src/variations.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name));

/** Each model is loaded once for the file; the photo is the 600×400 coffee cup. */
let photo: RawImage;
let handMask: Buffer;
let matte: Buffer;

/** Timer ticks (every 100 ms) that fired while the first segmentation ran. */
let ticksDuringSegmentation = 0;

beforeAll(async () => {
  photo = await decodeImage(read('coffee.png'));
  handMask = await sharp(read('coffee-mask.png')).extractChannel(0).raw().toBuffer();
  const ticker = setInterval(() => ticksDuringSegmentation++, 100);
  matte = await segmentSubject(photo);
  clearInterval(ticker);
}, 120_000);

describe('background removal', () => {
  // ISNet runs for several seconds; on the calling thread it froze every request of the server.
  it('runs beside the event loop, which keeps turning meanwhile', () => {
    expect(ticksDuringSegmentation).toBeGreaterThan(30);
  });
});

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < a.length; p++) {
    const x = a[p]! >= 128;
    const y = b[p]! >= 128;
    if (x && y) both++;
    if (x || y) either++;
  }
  return both / Math.max(1, either);
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe('background removal (ISNet)', () => {
  it('finds the cup, saucer and spoon of the hand-made mask (IoU ≥ 0.9)', () => {
    expect(matte.length).toBe(photo.width * photo.height);
    expect(iou(matte, handMask)).toBeGreaterThanOrEqual(0.9);
  });

  it('White BG keeps the subject and leaves a white border around it', async () => {
    const result = await whiteBackground(photo, cleanMatte(matte), variationParams(0));
    const { image, mask, placement, margin } = result;
    expect([image.width, image.height]).toEqual([photo.width, photo.height]);
    // The hand-made mask moved the way the subject was moved.
    const { scale, left, top } = placement;
    const moved = Buffer.alloc(handMask.length);
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const sx = Math.floor((x - left) / scale);
        const sy = Math.floor((y - top) / scale);
        if (sx >= 0 && sy >= 0 && sx < photo.width && sy < photo.height) {
          moved[y * photo.width + x] = handMask[sy * photo.width + sx]!;
        }
      }
    }
    expect(iou(mask, moved)).toBeGreaterThanOrEqual(0.9);
    // Every pixel within half the margin of the frame's edge is pure white.
    const band = Math.floor(margin / 2);
    let darkest = 255;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (x >= band && y >= band && x < image.width - band && y < image.height - band) continue;
        const i = (y * image.width + x) * 3;
        darkest = Math.min(darkest, image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
      }
    }
    expect(darkest).toBe(255);
    // Inside the subject the photo's own colours are kept (the saucer stays red-brown).
    let red = 0;
    let green = 0;
    let count = 0;
    for (let p = 0; p < mask.length; p++) {
      if (mask[p]! < 250) continue;
      red += image.data[p * 3]!;
      green += image.data[p * 3 + 1]!;
      count++;
    }
    expect(count).toBeGreaterThan(mask.length * 0.3);
    expect(red / count - green / count).toBeGreaterThan(40);
  });

  it('composes every scene preset from one matte: same size, distinct from each other', async () => {
    const small = await sharp(photo.data, { raw: { width: 600, height: 400, channels: 3 } })
      .resize(300, 200)
      .raw()
      .toBuffer();
    const smallPhoto = { data: small, width: 300, height: 200 };
    const smallMatte = await sharp(matte, { raw: { width: 600, height: 400, channels: 1 } })
      .resize(300, 200)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const renders = new Map<string, Buffer>();
    for (const preset of SUBJECT_PRESETS) {
      const { image, noSubject } = await renderSubjectPreset(
        smallPhoto,
        smallMatte,
        preset,
        variationParams(0),
      );
      expect({ preset, noSubject, w: image.width, h: image.height }).toEqual({
        preset,
        noSubject: false,
        w: 300,
        h: 200,
      });
      renders.set(preset, image.data);
    }
    const list = [...renders.entries()];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const pair = `${list[i]![0]} / ${list[j]![0]}`;
        expect({ pair, distinct: psnr(list[i]![1], list[j]![1]) < 30 }).toEqual({
          pair,
          distinct: true,
        });
      }
    }
  });
});

describe('upscaling (ESRGAN-slim)', () => {
  it('2× ESRGAN beats bicubic on PSNR against the original of a downscaled photo', async () => {
    // 400×300 of the living room; downscaled to 200×150 it spans two tiles each way.
    const original = await sharp(read('living-room.jpg'))
      .extract({ left: 600, top: 400, width: 400, height: 300 })
      .raw()
      .toBuffer();
    const raw = { raw: { width: 400, height: 300, channels: 3 as const } };
    const small = await sharp(original, raw).resize(200, 150, { kernel: 'cubic' }).raw().toBuffer();
    const smallRaw = { raw: { width: 200, height: 150, channels: 3 as const } };
    const bicubic = await sharp(small, smallRaw)
      .resize(400, 300, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    const esrgan = await esrganUpscale({ data: small, width: 200, height: 150 }, 2);
    expect([esrgan.width, esrgan.height]).toEqual([400, 300]);
    const gain = psnr(esrgan.data, original) - psnr(bicubic, original);
    expect(gain).toBeGreaterThan(0.5);
  }, 60_000);

  it('refuses a result beyond the pixel cap and keeps the fast path exact in size', async () => {
    const image = await sharp(read('cat.png')).jpeg().toBuffer();
    await expect(
      upscaleImage({ image, scale: 4, maxOutputPixels: 1_000_000 }),
    ).rejects.toMatchObject({ code: 'too_large' });
    const fast = await upscaleImage({ image, scale: 2, method: 'fast' });
    const size = await sharp(fast.images[0]).metadata();
    expect([size.width, size.height]).toEqual([902, 600]);
  });
});

describe('moderation (nsfwjs MobileNetV2)', () => {
  it('scores ordinary photographs as safe, with class probabilities that sum to 1', async () => {
    for (const name of ['coffee.png', 'living-room.jpg', 'astronaut.png']) {
      const verdict = await classifyNsfw(read(name));
      const sum = Object.values(verdict.classes).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 3);
      expect({ name, safe: verdict.unsafe < 0.2 }).toEqual({ name, safe: true });
      expect(verdict.unsafe).toBeGreaterThan(0);
    }
  });
});
