import sharp from 'sharp';
import type { PercentBox } from '../models/object-detector.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import { luminance, sobel } from '../styles/filters.ts';
import { growRect } from '../masks/rect.ts';
import { dilate, kMeans, nearestDistance, type Rect } from './mask-tools.ts';

/** Refinement runs on a copy of the box's surroundings of at most this many pixels. */
const WORK_PIXELS = 200_000;

export function boxToPixels(box: PercentBox, width: number, height: number): Rect {
  const left = Math.max(0, Math.floor((box.x / 100) * width));
  const top = Math.max(0, Math.floor((box.y / 100) * height));
  const right = Math.min(width, Math.ceil(((box.x + box.width) / 100) * width));
  const bottom = Math.min(height, Math.ceil(((box.y + box.height) / 100) * height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * Which pixels of a detected box belong to the object: the box (grown a little, detector
 * boxes clip edges) minus the background that reaches into it from its border. Background
 * is what looks more like the colours just outside the box than like the box's middle, and
 * the flood from the border stops at strong edges. The result is dilated so that no outline
 * or shadow seam is left for the fill to copy, and falls back to the whole box when the
 * object cannot be told from its surroundings.
 */
export async function objectMask(image: RawImage, box: PercentBox): Promise<Uint8Array> {
  const full = boxToPixels(box, image.width, image.height);
  const size = Math.max(full.width, full.height);
  const objectRect = growRect(full, Math.round(size * 0.04) + 2, image.width, image.height);
  const area = growRect(objectRect, Math.round(size * 0.08) + 4, image.width, image.height);
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (area.width * area.height)));
  const w = Math.max(1, Math.round(area.width * scale));
  const h = Math.max(1, Math.round(area.height * scale));
  const work = await toRaw(rawPipeline(image).extract(area).resize(w, h, { fit: 'fill' }));
  const inner: Rect = {
    left: Math.floor((objectRect.left - area.left) * scale),
    top: Math.floor((objectRect.top - area.top) * scale),
    width: Math.max(1, Math.ceil(objectRect.width * scale)),
    height: Math.max(1, Math.ceil(objectRect.height * scale)),
  };
  const small = segment(work, inner, Math.max(2, Math.round(Math.max(w, h) * 0.025)));
  // Back to full size; any trace of the small mask counts, so the edge only ever grows.
  const { data } = await sharp(small, { raw: { width: w, height: h, channels: 1 } })
    .resize(area.width, area.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(image.width * image.height);
  for (let y = 0; y < area.height; y++) {
    const row = (area.top + y) * image.width + area.left;
    for (let x = 0; x < area.width; x++) if (data[y * area.width + x]! > 0) mask[row + x] = 1;
  }
  return mask;
}

/** The mask on the small copy, 255 for the object. */
function segment(work: RawImage, inner: Rect, dilation: number): Uint8Array {
  const { width, height, data } = work;
  const right = Math.min(width, inner.left + inner.width);
  const bottom = Math.min(height, inner.top + inner.height);
  const insideBox = (x: number, y: number) =>
    x >= inner.left && x < right && y >= inner.top && y < bottom;
  const ring: number[] = [];
  const middle: number[] = [];
  const cx0 = inner.left + inner.width * 0.25;
  const cx1 = inner.left + inner.width * 0.75;
  const cy0 = inner.top + inner.height * 0.25;
  const cy1 = inner.top + inner.height * 0.75;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!insideBox(x, y)) ring.push(p);
      else if (x >= cx0 && x < cx1 && y >= cy0 && y < cy1) middle.push(p);
    }
  }
  const mask = new Uint8Array(width * height);
  const fillBox = () => {
    for (let y = inner.top; y < bottom; y++)
      mask.fill(255, y * width + inner.left, y * width + right);
    return mask;
  };
  if (ring.length < 16 || middle.length < 4) return fillBox();
  const background = kMeans(data, ring, 6);
  const object = kMeans(data, middle, 4);
  const edges = sobel(luminance(work), width, height);
  const looksLikeBackground = (p: number) => {
    const toBackground = nearestDistance(data, p, background);
    return toBackground < 45 && toBackground < nearestDistance(data, p, object) * 0.9;
  };
  // Flood the background in from the box's border.
  const reached = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let y = inner.top; y < bottom; y++) {
    for (let x = inner.left; x < right; x++) {
      const onBorder = x === inner.left || x === right - 1 || y === inner.top || y === bottom - 1;
      const p = y * width + x;
      if (onBorder && looksLikeBackground(p)) {
        reached[p] = 1;
        queue.push(p);
      }
    }
  }
  while (queue.length > 0) {
    const p = queue.pop()!;
    const x = p % width;
    const y = (p - x) / width;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (!insideBox(nx, ny)) continue;
      const q = ny * width + nx;
      if (reached[q] || edges[q]! > 160 || !looksLikeBackground(q)) continue;
      reached[q] = 1;
      queue.push(q);
    }
  }
  let objectPixels = 0;
  for (let y = inner.top; y < bottom; y++) {
    for (let x = inner.left; x < right; x++) {
      const p = y * width + x;
      if (!reached[p]) {
        mask[p] = 255;
        objectPixels++;
      }
    }
  }
  if (objectPixels < inner.width * inner.height * 0.15) return fillBox();
  return dilate(mask, width, height, dilation);
}
