import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { rgbToLab } from '../src/colour.ts';
import { dilate } from '../src/inpaint/mask-tools.ts';
import { SceneMasks } from '../src/masks/scene-masks.ts';
import { maskBounds, type Mask } from '../src/masks/mask.ts';
import { growRect } from '../src/masks/rect.ts';
import { analyzePrompt } from '../src/prompt/interpret.ts';
import { decodeImage, type RawImage } from '../src/raw-image.ts';
import { handRegion, regionIoU } from './measures.ts';

const HERE = import.meta.dirname;
const BAND_F = Number(process.env.BAND ?? 0.02);
const WIN_F = Number(process.env.WIN ?? 3);

function integral(values: Float64Array, w: number, h: number) {
  const out = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += values[y * w + x]!;
      out[(y + 1) * (w + 1) + x + 1] = out[y * (w + 1) + x + 1]! + row;
    }
  }
  return out;
}
const boxSum = (I: Float64Array, w: number, x0: number, y0: number, x1: number, y1: number) =>
  I[y1 * (w + 1) + x1]! - I[y0 * (w + 1) + x1]! - I[y1 * (w + 1) + x0]! + I[y0 * (w + 1) + x0]!;

export function refine(image: RawImage, mask: Mask): Mask {
  const b = maskBounds(mask);
  if (!b) return mask;
  const band = Math.max(3, Math.round(BAND_F * Math.max(b.width, b.height)));
  const area = growRect(b, band * 4, image.width, image.height);
  const w = area.width, h = area.height, n = w * h;
  const hard = new Uint8Array(n);
  const lab = new Float64Array(n * 3);
  const t = [0, 0, 0];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const P = (area.top + y) * image.width + area.left + x;
    hard[y * w + x] = mask.data[P]! >= 128 ? 1 : 0;
    rgbToLab(image.data[P * 3]!, image.data[P * 3 + 1]!, image.data[P * 3 + 2]!, t);
    lab[y * w + x] = t[0]!; lab[n + y * w + x] = t[1]!; lab[2 * n + y * w + x] = t[2]!;
  }
  const outside = dilate(hard, w, h, band);
  const invHard = hard.map((v) => 1 - v);
  const insideGrow = dilate(invHard, w, h, band);
  // inner: hard and not within band of outside
  const inner = new Float64Array(n), outer = new Float64Array(n);
  for (let p = 0; p < n; p++) { inner[p] = insideGrow[p] ? 0 : 1; outer[p] = outside[p] ? 0 : 1; }
  const sums = (ind: Float64Array) => {
    const c = integral(ind, w, h);
    const ch = [0, 1, 2].map((k) => integral(Float64Array.from(ind, (v, p) => v * lab[k * n + p]!), w, h));
    const sq = integral(Float64Array.from(ind, (v, p) => v * (lab[p]! ** 2 + lab[n + p]! ** 2 + lab[2 * n + p]! ** 2)), w, h);
    return { c, ch, sq };
  };
  const I = sums(inner), O = sums(outer);
  const R = band * WIN_F;
  const out = Uint8Array.from(hard);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const p = y * w + x;
    if (inner[p] || outer[p]) continue;
    const x0 = Math.max(0, x - R), y0 = Math.max(0, y - R), x1 = Math.min(w, x + R + 1), y1 = Math.min(h, y + R + 1);
    const ci = boxSum(I.c, w, x0, y0, x1, y1), co = boxSum(O.c, w, x0, y0, x1, y1);
    if (ci < 20 || co < 20) continue;
    let di = 0, dd = 0;
    const mi: number[] = [], mo: number[] = [];
    for (let k = 0; k < 3; k++) {
      mi[k] = boxSum(I.ch[k]!, w, x0, y0, x1, y1) / ci;
      mo[k] = boxSum(O.ch[k]!, w, x0, y0, x1, y1) / co;
    }
    const vi = Math.max(4, boxSum(I.sq, w, x0, y0, x1, y1) / ci - mi.reduce((s, v) => s + v * v, 0));
    const vo = Math.max(4, boxSum(O.sq, w, x0, y0, x1, y1) / co - mo.reduce((s, v) => s + v * v, 0));
    for (let k = 0; k < 3; k++) { di += (lab[k * n + p]! - mi[k]!) ** 2; dd += (lab[k * n + p]! - mo[k]!) ** 2; }
    // Gaussian log-likelihood (isotropic)
    const li = -di / (2 * vi / 3) - 1.5 * Math.log(vi / 3);
    const lo = -dd / (2 * vo / 3) - 1.5 * Math.log(vo / 3);
    out[p] = li >= lo ? 1 : 0;
  }
  const res: Mask = { width: mask.width, height: mask.height, data: Uint8Array.from(mask.data) };
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const P = (area.top + y) * image.width + area.left + x;
    res.data[P] = out[y * w + x] ? 255 : 0;
  }
  return res;
}

const cases: [string, string, string][] = [
  ['living-room.jpg', 'make the sofa blue', 'living-room-sofa'],
  ['living-room.jpg', 'make the armchair on the left blue', 'living-room-egg-chair'],
  ['living-room.jpg', 'remove the vase', 'living-room-vase'],
  ['coffee.png', 'make the cup red', 'coffee-cup'],
  ['kitchen-dining.jpg', 'make the chair on the left red', 'kitchen-chair-left'],
  ['scenetext03.jpg', 'make the plant purple', 'scenetext03-plant'],
  ['scenetext01.jpg', 'make the car red', 'scenetext01-car'],
  ['scenetext06.jpg', 'make the car blue', 'scenetext06-car'],
];
for (const [photo, prompt, maskName] of cases) {
  const own = path.join(HERE, 'photos', photo);
  const bytes = await readFile(existsSync(own) ? own : path.join(HERE, '../test/fixtures', photo));
  const image = await decodeImage(bytes);
  const clause = analyzePrompt(prompt).clauses.find((c) => c.target)!;
  const found = await new SceneMasks(image).resolve(clause.target!);
  if (!found.found) { console.log(photo, 'nf'); continue; }
  const hand = await handRegion(path.join(HERE, 'masks', `${maskName}.svg`), image.width, image.height);
  const r = refine(image, found.mask);
  console.log(maskName.padEnd(24), regionIoU(found.mask, hand).toFixed(3), '->', regionIoU(r, hand).toFixed(3));
  if (process.env.SHOW === maskName) {
    const rgb = Buffer.from(image.data);
    for (let p = 0; p < r.data.length; p++) {
      const a = r.data[p]! >= 128, bb = hand.mask.data[p]! >= 128;
      const tint = a && bb ? [0, 255, 0] : a ? [255, 0, 0] : bb ? [0, 80, 255] : null;
      if (tint) for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round(rgb[p * 3 + c]! * 0.4 + tint[c]! * 0.6);
    }
    await sharp(rgb, { raw: { width: image.width, height: image.height, channels: 3 } }).png().toFile('/tmp/md/refined.png');
  }
}
