import type { PercentBox } from '../models/object-detector.ts';
import { rawPipeline, resizePlane, toRaw, type RawImage } from '../raw-image.ts';
import { emptyMask, type Mask } from './mask.ts';
import { growRect, percentToRect, type Rect } from './rect.ts';
import { keepMainRegions } from './regions.ts';
import { segmentBox } from './segment-box.ts';

/** Segmentation runs on a copy of the box's surroundings of at most this many pixels. */
const WORK_PIXELS = 90_000;

export interface Silhouette {
  /** The object at the image's size, with a soft edge about one work pixel wide. */
  mask: Mask;
  /** 0..1: how cleanly the object stood apart from what surrounds it. */
  confidence: number;
}

export interface SilhouetteOptions {
  /** Boxes of objects standing in front of this one: their pixels are not this object's. */
  inFront?: readonly PercentBox[];
  /**
   * The subject's matte at the image's size (background-removal model). An object filling
   * most of the frame leaves too little around it to learn the background's colours from, but
   * then it is the photo's subject, and the matte outlines it.
   */
  subjectMatte?: () => Promise<Uint8Array>;
}

/** Boxes covering more of the frame than this are outlined by the subject matte. */
const SUBJECT_SHARE = 0.4;

async function fromSubjectMatte(
  image: RawImage,
  rect: Rect,
  matte: Uint8Array,
): Promise<Silhouette> {
  const mask = emptyMask(image.width, image.height);
  let selected = 0;
  for (let y = rect.top; y < rect.top + rect.height; y++) {
    const row = y * image.width;
    for (let x = rect.left; x < rect.left + rect.width; x++) {
      mask.data[row + x] = matte[row + x]!;
      if (matte[row + x]! >= 128) selected++;
    }
  }
  const share = selected / Math.max(1, rect.width * rect.height);
  return { mask, confidence: share > 0.15 && share < 0.98 ? 0.9 : 0.2 };
}

function scaleRect(rect: Rect, area: Rect, scale: number, w: number, h: number): Rect {
  const left = Math.max(0, Math.floor((rect.left - area.left) * scale));
  const top = Math.max(0, Math.floor((rect.top - area.top) * scale));
  const right = Math.min(w, Math.ceil((rect.left + rect.width - area.left) * scale));
  const bottom = Math.min(h, Math.ceil((rect.top + rect.height - area.top) * scale));
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/**
 * The pixels of a detected object: its box refined to the object's outline by colour models
 * and edges (segment-box.ts), on a small copy of the box and its surroundings. What stands in
 * front of it (other detected objects lower in the picture) is segmented the same way and
 * kept out; stray bits and small holes are cleaned up.
 */
export async function objectSilhouette(
  image: RawImage,
  box: PercentBox,
  options: SilhouetteOptions = {},
): Promise<Silhouette> {
  const rect = percentToRect(box, image.width, image.height);
  const size = Math.max(rect.width, rect.height);
  if (
    options.subjectMatte &&
    rect.width * rect.height > SUBJECT_SHARE * image.width * image.height
  ) {
    const grown = growRect(rect, Math.round(size * 0.03) + 1, image.width, image.height);
    return fromSubjectMatte(image, grown, await options.subjectMatte());
  }
  // Detector boxes clip edges a little: the object may reach slightly beyond.
  const objectRect = growRect(rect, Math.round(size * 0.03) + 1, image.width, image.height);
  const area = growRect(objectRect, Math.round(size * 0.12) + 4, image.width, image.height);
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (area.width * area.height)));
  const w = Math.max(8, Math.round(area.width * scale));
  const h = Math.max(8, Math.round(area.height * scale));
  const work = await toRaw(rawPipeline(image).extract(area).resize(w, h, { fit: 'fill' }));
  const sx = w / area.width;
  const sy = h / area.height;
  const inner = scaleRect(objectRect, area, Math.min(sx, sy), w, h);

  let avoid: Float32Array | undefined;
  for (const other of options.inFront ?? []) {
    const otherRect = scaleRect(percentToRect(other, image.width, image.height), area, sx, w, h);
    if (otherRect.width < 2 || otherRect.height < 2) continue;
    const { belief } = segmentBox(work, otherRect);
    avoid ??= new Float32Array(w * h);
    for (let p = 0; p < belief.length; p++) if (belief[p]! > 0.5) avoid[p] = 1;
  }
  const { belief, separation } = segmentBox(work, inner, avoid);
  const hard = new Uint8Array(w * h);
  for (let p = 0; p < hard.length; p++) hard[p] = belief[p]! > 0.5 ? 255 : 0;
  const kept = keepMainRegions(hard, w, h, inner.width * inner.height * 0.03);

  const boxArea = Math.max(1, inner.width * inner.height);
  const share = kept / boxArea;
  const plausible = share > 0.08 && share < 0.97 ? 1 : 0.3;
  const confidence = Math.round(separation * plausible * 100) / 100;

  const soft = await resizePlane(hard, w, h, area.width, area.height);
  const mask = emptyMask(image.width, image.height);
  for (let y = 0; y < area.height; y++) {
    const row = (area.top + y) * image.width + area.left;
    mask.data.set(soft.subarray(y * area.width, (y + 1) * area.width), row);
  }
  return { mask, confidence };
}
