import type { PercentBox } from '../models/object-detector.ts';
import { rawPipeline, resizePlane, toRaw, type RawImage } from '../raw-image.ts';
import { emptyMask, type Mask } from './mask.ts';
import { growRect, percentToRect, type Rect } from './rect.ts';
import { keepMainRegions } from './regions.ts';
import { segmentBox } from './segment-box.ts';
import { leaveOutContents } from './container-contents.ts';
import { snapToOutline } from './snap-to-outline.ts';
import { turnedOutline } from './turned-outline.ts';

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
  /** The detector's label: furniture others stand in front of learns its colours higher up. */
  label?: string;
}

/**
 * Things stand in front of a sofa or a bed (a coffee table, a vase, a throw), in the lower part
 * of its box and in colours the room around does not have, so the box's colours as a whole
 * teach the wrong object. Its own colours are read from the band of its box where its back and
 * seat are: a tenth down to a little over half, the sides left out.
 */
const CORE_FROM_BAND = new Set(['couch', 'bed']);
function coreBand(inner: Rect): Rect {
  return {
    left: inner.left + Math.round(inner.width * 0.1),
    top: inner.top + Math.round(inner.height * 0.2),
    width: Math.round(inner.width * 0.8),
    height: Math.round(inner.height * 0.4),
  };
}

/** What holds something seen from above: its contents are not it (container-contents.ts). */
const CONTAINERS = new Set(['cup', 'bowl', 'wine glass']);

/** What is turned, the same on both sides of its axis (turned-outline.ts). */
const TURNED = new Set(['vase', 'bottle']);

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
 * kept out; stray bits and small holes are cleaned up, and the outline is moved onto the
 * object's own edge within a few pixels (snap-to-outline.ts).
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
  const core = options.label && CORE_FROM_BAND.has(options.label) ? coreBand(inner) : undefined;
  const { belief, separation } = segmentBox(work, inner, avoid, core);
  const hard = new Uint8Array(w * h);
  for (let p = 0; p < hard.length; p++) hard[p] = belief[p]! > 0.5 ? 255 : 0;
  if (core) keepSmoothlyJoined(work, hard, core);
  if (options.label && CONTAINERS.has(options.label)) leaveOutContents(work, hard);
  keepMainRegions(hard, w, h, inner.width * inner.height * 0.03);
  // Under SNAP_MIN_SIZE work pixels even the smallest band (2) moves a good part of the outline.
  const workSize = Math.max(inner.width, inner.height);
  if (workSize >= SNAP_MIN_SIZE) {
    const band = Math.max(2, Math.round(SNAP_BAND * workSize));
    snapToOutline(
      work,
      hard,
      inner,
      band,
      core && {
        band: Math.max(band, Math.round(SNAP_WALL_BAND * workSize)),
        sideBand: Math.max(band, Math.round(SNAP_WALL_SIDE_BAND * workSize)),
        bottom: core.top + core.height,
      },
    );
  }
  if (options.label && TURNED.has(options.label)) turnedOutline(hard, w, h);
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

/**
 * A throw over a sofa's arm has the sofa's colours but a busy pattern; the sofa's upholstery is
 * smooth. Of the mask, keeps what is joined to the smooth middle of the object (`core`) through
 * smooth pixels (a small colour step to each neighbour over a 5 × 5 window), and what that
 * encloses (a patterned cushion lying on it comes back as a hole filled).
 */
function keepSmoothlyJoined(work: RawImage, hard: Uint8Array, core: Rect) {
  const { width, height, data } = work;
  const count = width * height;
  const step = new Float32Array(count);
  const luma = (p: number) =>
    0.299 * data[p * 3]! + 0.587 * data[p * 3 + 1]! + 0.114 * data[p * 3 + 2]!;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      step[p] =
        (x + 1 < width ? Math.abs(luma(p) - luma(p + 1)) : 0) +
        (y + 1 < height ? Math.abs(luma(p) - luma(p + width)) : 0);
    }
  const busy = new Uint8Array(count);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= height || xx >= width) continue;
          sum += step[yy * width + xx]!;
          n++;
        }
      busy[y * width + x] = sum / n > BUSY ? 1 : 0;
    }
  const joined = new Uint8Array(count);
  const stack: number[] = [];
  for (let y = core.top; y < core.top + core.height; y++)
    for (let x = core.left; x < core.left + core.width; x++) {
      const p = y * width + x;
      if (hard[p] && !busy[p]) {
        joined[p] = 1;
        stack.push(p);
      }
    }
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % width;
    for (const q of [x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1, p - width, p + width]) {
      if (q < 0 || q >= count || joined[q] || !hard[q] || busy[q]) continue;
      joined[q] = 1;
      stack.push(q);
    }
  }
  let selected = 0;
  let kept = 0;
  for (let p = 0; p < count; p++) {
    if (hard[p]) selected++;
    if (joined[p]) kept++;
  }
  // Patterned upholstery is busy all over: then the pattern says nothing about what is on it.
  if (kept < MIN_JOINED * selected) return;
  for (let p = 0; p < count; p++) if (!joined[p]) hard[p] = 0;
}

/** How far (a share of the object's size) the outline may move onto the object's own edge. */
const SNAP_BAND = 0.01;
/**
 * How far the outline of a sofa or a bed may move down from the wall above it (above the
 * bottom of its core band): the wall in its shadow joined the cushions up to a tenth of their
 * height above them. Twice this also took the top of a cushion whose edge against the wall is
 * faint (decision 067).
 */
const SNAP_WALL_BAND = 0.03;
/** From the wall beside it: a strip of shadowed wall twice as wide (the sofa's end). */
const SNAP_WALL_SIDE_BAND = 0.06;
/**
 * Objects smaller than this (work pixels) keep their segmented outline: at 640 px the pendant
 * lamp's snapped hole left its removal below the fill's gate (consistency 0.56 → 0.48).
 */
const SNAP_MIN_SIZE = 64;

/** Share of the mask that must stay joined for the smooth-join cleanup to apply. */
const MIN_JOINED = 0.6;

/** Mean luma step to the neighbours over a 5 × 5 window above which a pixel is busy. */
const BUSY = 28;
