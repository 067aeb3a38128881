import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeRoom, inpaintRaw, regionsOf, type RawImage } from '@image-lab/engine';
import { objectMask } from '../../packages/engine/src/inpaint/object-mask.ts';
import { fillConsistency, pieceHole } from '../../packages/engine/src/rooms/remove-pieces.ts';
import type { RoomPiece } from '../../packages/engine/src/masks/room-regions.ts';

// npm run bench rooms-quality: pieces cut out of the fixture rooms (their silhouettes) are
// pasted standing on the floor of other room views with a soft contact shadow, then taken out
// again; the hole is compared with the clean photo. Same cases, side by side: the new fill
// (outline + shadow hole, other pieces no source), the current fill (the refined box mask of
// removeObjects), and OpenCV's Telea and Navier–Stokes inpainting.

const FIXTURES = path.join(import.meta.dirname, '../../packages/engine/test/fixtures');
const ROOMS = ['living-room.jpg', 'bedroom.jpg', 'kitchen-dining.jpg'];
const LONG_SIDE = 640;

/* eslint-disable @typescript-eslint/no-explicit-any -- opencv.js ships no usable types */
async function openCv(): Promise<any> {
  const mod: any = (await import('@techstark/opencv-js')).default;
  // The module is a thenable resolving to itself: awaited as is, it never settles.
  return new Promise((resolve) =>
    mod.then((m: any) => {
      delete m.then;
      resolve(m);
    }),
  );
}

function cvInpaint(cv: any, image: RawImage, hole: Uint8Array, flag: number): RawImage {
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data);
  const mask = cv.matFromArray(
    image.height,
    image.width,
    cv.CV_8UC1,
    hole.map((v) => (v ? 255 : 0)),
  );
  const dst = new cv.Mat();
  cv.inpaint(src, mask, dst, 5, flag);
  const out = { ...image, data: Buffer.from(dst.data) };
  src.delete();
  mask.delete();
  dst.delete();
  return out;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Room views: each fixture whole and its left and right 62 %. */
async function views(): Promise<Array<{ name: string; image: RawImage }>> {
  const out: Array<{ name: string; image: RawImage }> = [];
  for (const file of ROOMS) {
    const bytes = fs.readFileSync(path.join(FIXTURES, file));
    const meta = await sharp(bytes).metadata();
    const w = meta.width!;
    const h = meta.height!;
    const crop = (left: number) =>
      sharp(bytes)
        .extract({ left: Math.round(left * w), top: 0, width: Math.round(0.62 * w), height: h })
        .jpeg({ quality: 95 })
        .toBuffer();
    out.push({ name: file, image: await decodeRoom(bytes, LONG_SIDE) });
    out.push({ name: `${file} left`, image: await decodeRoom(await crop(0), LONG_SIDE) });
    out.push({ name: `${file} right`, image: await decodeRoom(await crop(0.38), LONG_SIDE) });
  }
  return out;
}

interface Cutout {
  label: string;
  width: number;
  height: number;
  rgb: Buffer;
  alpha: Uint8Array;
}

function cutout(image: RawImage, piece: RoomPiece): Cutout | null {
  const { box } = piece;
  const x0 = Math.floor((box.x / 100) * image.width);
  const y0 = Math.floor((box.y / 100) * image.height);
  const w = Math.min(image.width - x0, Math.ceil((box.width / 100) * image.width));
  const h = Math.min(image.height - y0, Math.ceil((box.height / 100) * image.height));
  if (w < 12 || h < 12) return null;
  const rgb = Buffer.alloc(w * h * 3);
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y0 + y) * image.width + x0 + x;
      alpha[y * w + x] = piece.mask.data[p]!;
      image.data.copy(rgb, (y * w + x) * 3, p * 3, p * 3 + 3);
    }
  }
  return { label: piece.label, width: w, height: h, rgb, alpha };
}

const seeded = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

/** The cut-out scaled and pasted with its bottom on the floor, over a soft contact shadow. */
function paste(image: RawImage, cut: Cutout, at: { x: number; bottom: number; height: number }) {
  const scale = at.height / cut.height;
  const w = Math.max(4, Math.round(cut.width * scale));
  const h = Math.max(4, Math.round(cut.height * scale));
  const top = Math.round(at.bottom - h);
  const data = Buffer.from(image.data);
  const mask = new Uint8Array(image.width * image.height);
  const cx = at.x + w / 2;
  for (let y = Math.max(0, at.bottom - 6); y < Math.min(image.height, at.bottom + 8); y++) {
    for (let x = Math.max(0, Math.round(at.x - 6)); x < Math.min(image.width, at.x + w + 6); x++) {
      const d = ((x - cx) / (w / 2 + 6)) ** 2 + ((y - at.bottom) / 8) ** 2;
      if (d >= 1) continue;
      const p = y * image.width + x;
      for (let c = 0; c < 3; c++) data[p * 3 + c] = Math.round(data[p * 3 + c]! * (0.7 + 0.3 * d));
    }
  }
  for (let y = 0; y < h; y++) {
    const ty = top + y;
    if (ty < 0 || ty >= image.height) continue;
    for (let x = 0; x < w; x++) {
      const tx = at.x + x;
      if (tx < 0 || tx >= image.width) continue;
      const q =
        Math.min(cut.height - 1, Math.floor(y / scale)) * cut.width +
        Math.min(cut.width - 1, Math.floor(x / scale));
      const a = cut.alpha[q]! / 255;
      if (a <= 0) continue;
      const p = ty * image.width + tx;
      mask[p] = cut.alpha[q]!;
      for (let c = 0; c < 3; c++) {
        data[p * 3 + c] = Math.round(data[p * 3 + c]! * (1 - a) + cut.rgb[q * 3 + c]! * a);
      }
    }
  }
  const box = {
    x: (at.x / image.width) * 100,
    y: (top / image.height) * 100,
    width: (w / image.width) * 100,
    height: (h / image.height) * 100,
  };
  const piece: RoomPiece = { label: cut.label, box, mask: { ...image, data: mask }, confidence: 1 };
  return { image: { ...image, data }, piece };
}

function luma(image: RawImage, p: number) {
  return (
    0.299 * image.data[p * 3]! + 0.587 * image.data[p * 3 + 1]! + 0.114 * image.data[p * 3 + 2]!
  );
}

/** PSNR, SSIM (7×7 windows centred in the hole, luma) and streakiness in the hole. */
function measure(result: RawImage, clean: RawImage, hole: Uint8Array) {
  const { width, height } = clean;
  let sq = 0;
  let n = 0;
  let ssim = 0;
  let windows = 0;
  const imbalance = (image: RawImage) => {
    let gx = 0;
    let gy = 0;
    for (let p = 0; p < hole.length - width - 1; p++) {
      if (!hole[p]) continue;
      gx += Math.abs(luma(image, p + 1) - luma(image, p));
      gy += Math.abs(luma(image, p + width) - luma(image, p));
    }
    return Math.abs(gx - gy) / Math.max(1, gx + gy);
  };
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 3; c++) sq += (result.data[p * 3 + c]! - clean.data[p * 3 + c]!) ** 2;
    n += 3;
    const x = p % width;
    const y = Math.floor(p / width);
    if (x % 4 || y % 4 || x < 3 || y < 3 || x >= width - 3 || y >= height - 3) continue;
    let ma = 0, mb = 0, va = 0, vb = 0, cov = 0; // prettier-ignore
    for (let dy = -3; dy <= 3; dy++) {
      for (let dx = -3; dx <= 3; dx++) {
        const a = luma(result, p + dy * width + dx);
        const b = luma(clean, p + dy * width + dx);
        ma += a;
        mb += b;
        va += a * a;
        vb += b * b;
        cov += a * b;
      }
    }
    const k = 49;
    ma /= k;
    mb /= k;
    va = va / k - ma * ma;
    vb = vb / k - mb * mb;
    cov = cov / k - ma * mb;
    const c1 = 6.5025;
    const c2 = 58.5225;
    ssim += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
    windows++;
  }
  return {
    psnr: 10 * Math.log10((255 * 255) / Math.max(1e-6, sq / n)),
    ssim: windows ? ssim / windows : 1,
    streak: imbalance(result) - imbalance(clean),
  };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : NaN;
};

export async function roomsQuality() {
  console.log('\nrooms-quality: paste a piece on a clean floor, take it out, compare the hole');
  const cv = await openCv();
  const cutouts: Cutout[] = [];
  for (const file of ROOMS) {
    const image = await decodeRoom(fs.readFileSync(path.join(FIXTURES, file)), LONG_SIDE);
    for (const piece of (await regionsOf(image)).pieces) {
      const cut = piece.confidence >= 0.4 ? cutout(image, piece) : null;
      if (cut) cutouts.push(cut);
    }
  }
  const methods = ['new fill', 'current fill', 'Telea', 'Navier–Stokes'] as const;
  const scores = Object.fromEntries(methods.map((m) => [m, [] as ReturnType<typeof measure>[]]));
  let kept = 0;
  let cases = 0;
  const random = seeded(17);
  for (const view of await views()) {
    const regions = await regionsOf(view.image);
    const floorRow = Math.round(regions.floorLine * view.image.height);
    for (let k = 0; k < 5; k++) {
      const cut = cutouts[Math.floor(random() * cutouts.length)]!;
      const height = Math.round(view.image.height * (0.15 + random() * 0.15));
      const bottom = Math.round(
        Math.min(view.image.height - 4, floorRow + random() * (view.image.height - floorRow) * 0.6),
      );
      const x = Math.round(random() * (view.image.width * 0.8));
      const { image, piece } = paste(view.image, cut, { x, bottom, height });
      const hole = pieceHole(piece, image.width, image.height);
      const others = new Uint8Array(hole.length);
      for (const p of regions.pieces) {
        for (let i = 0; i < others.length; i++) if (p.mask.data[i]! >= 128) others[i] = 1;
      }
      const fresh = inpaintRaw(image, hole, { room: true, excludeSources: others });
      if (fillConsistency(fresh, hole) < 0.5) kept++;
      const boxMask = await objectMask(image, piece.box);
      const current = inpaintRaw(image, boxMask, { room: true });
      const results = [
        fresh,
        current,
        cvInpaint(cv, image, hole, cv.INPAINT_TELEA),
        cvInpaint(cv, image, hole, cv.INPAINT_NS),
      ];
      results.forEach((r, i) => scores[methods[i]!]!.push(measure(r, view.image, hole)));
      cases++;
    }
  }
  console.log(`  ${cases} cases from ${ROOMS.length * 3} room views, ${cutouts.length} cut-outs`);
  console.log('  method           median PSNR  median SSIM  median streak');
  for (const m of methods) {
    const s = scores[m]!;
    console.log(
      `  ${m.padEnd(16)} ${median(s.map((v) => v.psnr))
        .toFixed(2)
        .padStart(8)} dB` +
        `  ${median(s.map((v) => v.ssim))
          .toFixed(3)
          .padStart(11)}` +
        `  ${median(s.map((v) => v.streak))
          .toFixed(3)
          .padStart(13)}`,
    );
  }
  const gap =
    median(scores['new fill']!.map((v) => v.psnr)) - median(scores.Telea!.map((v) => v.psnr));
  console.log(
    `  new fill − Telea: ${gap.toFixed(2)} dB (goal ≥ +2 dB: ${gap >= 2 ? 'met' : 'NOT met'}); ` +
      `the gate keeps ${kept} of ${cases} pieces (fill consistency < 0.5)`,
  );
}
