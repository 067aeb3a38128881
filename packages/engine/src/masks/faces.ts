import type { DetectedObject } from '../models/object-detector.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import { emptyMask, type Mask } from './mask.ts';
import { percentToRect } from './rect.ts';
import { labelRegions } from './regions.ts';

/** Each person's head area is searched on a copy of at most this many pixels. */
const WORK_PIXELS = 40_000;

/**
 * Skin in YCbCr (Chai and Ngan's ranges, which hold across skin tones under daylight): the
 * chroma of skin sits in a small box whatever its lightness.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 45 && cb >= 77 && cb <= 127 && cr >= 135 && cr <= 173;
}

export interface FaceEstimate {
  mask: Mask;
  /** Faces found (one at most per detected person). */
  count: number;
  /** Width in pixels of the largest face found. */
  width: number;
}

function fillEllipse(mask: Mask, cx: number, cy: number, rx: number, ry: number) {
  const top = Math.max(0, Math.floor(cy - ry));
  const bottom = Math.min(mask.height - 1, Math.ceil(cy + ry));
  for (let y = top; y <= bottom; y++) {
    const dy = (y - cy) / ry;
    const half = rx * Math.sqrt(Math.max(0, 1 - dy * dy));
    const left = Math.max(0, Math.floor(cx - half));
    const right = Math.min(mask.width - 1, Math.ceil(cx + half));
    mask.data.fill(255, y * mask.width + left, y * mask.width + right + 1);
  }
}

/**
 * Faces of the detected people: in the upper part of each person's box, the largest patch of
 * skin shaped like a face (taller than wide, not a sliver) becomes an ellipse a little larger
 * than the patch, so a blur or pixelation covers the whole face. No face model ships offline;
 * this finds faces turned toward the camera, and says so when it finds none.
 */
export async function findFaces(
  image: RawImage,
  people: readonly DetectedObject[],
): Promise<FaceEstimate> {
  const mask = emptyMask(image.width, image.height);
  let count = 0;
  let widest = 0;
  for (const person of people) {
    const box = percentToRect(person.box, image.width, image.height);
    const head = { ...box, height: Math.max(1, Math.round(box.height * 0.45)) };
    const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (head.width * head.height)));
    const w = Math.max(4, Math.round(head.width * scale));
    const h = Math.max(4, Math.round(head.height * scale));
    const work = await toRaw(rawPipeline(image).extract(head).resize(w, h, { fit: 'fill' }));
    const skin = (p: number) =>
      isSkin(work.data[p * 3]!, work.data[p * 3 + 1]!, work.data[p * 3 + 2]!);
    const { labels, sizes } = labelRegions(w, h, skin);
    let best = 0;
    for (let label = 1; label < sizes.length; label++)
      if (sizes[label]! > (sizes[best] ?? 0)) best = label;
    if (best === 0 || sizes[best]! < w * h * 0.02) continue;
    let [left, top, right, bottom] = [w, h, -1, -1];
    for (let p = 0; p < labels.length; p++) {
      if (labels[p] !== best) continue;
      const x = p % w;
      const y = (p - x) / w;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    const fw = right - left + 1;
    const fh = bottom - top + 1;
    const fill = sizes[best]! / (fw * fh);
    if (fh / fw < 0.7 || fh / fw > 2.6 || fill < 0.35) continue;
    fillEllipse(
      mask,
      head.left + (left + right + 1) / 2 / scale,
      head.top + (top + bottom + 1) / 2 / scale,
      (fw / 2 / scale) * 1.05,
      (fh / 2 / scale) * 1.05,
    );
    count++;
    widest = Math.max(widest, (fw / scale) * 2.4);
  }
  return { mask, count, width: Math.round(widest / 2) };
}

/** The skin of the detected people (inside their boxes), for "make the skin warmer". */
export function findSkin(image: RawImage, people: readonly DetectedObject[]): Mask {
  const mask = emptyMask(image.width, image.height);
  for (const person of people) {
    const box = percentToRect(person.box, image.width, image.height);
    for (let y = box.top; y < box.top + box.height; y++)
      for (let x = box.left; x < box.left + box.width; x++) {
        const p = y * image.width + x;
        if (isSkin(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!)) {
          mask.data[p] = 255;
        }
      }
  }
  return mask;
}
