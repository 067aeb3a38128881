import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { Rect } from '../masks/rect.ts';
import { labelRegions } from '../masks/regions.ts';
import type { TextPart } from '../masks/text.ts';
import type { RawImage } from '../raw-image.ts';

export interface LetterColouredSurfaces {
  /** 1 outside the hole on such a surface: no colour for the fill to continue. */
  notSource: Uint8Array;
  /** 1 inside the hole on such a surface: it stays as it is. */
  stays: Uint8Array;
}

/**
 * Surfaces of the letters' colour around a group of lines: the cream wall beyond the edge of a
 * dark sign with cream letters, which the detector's outline of a line running to the sign's
 * edge takes in. Letters are islands in their background; a stretch of their colour that runs
 * on to the edge of the context the fill reads (three quarters of a line's height beyond the
 * group, where no letter reaches) is a surface. Filled from, it smears its colour into the
 * sign (a pale blob under the last line); filled, it takes the sign's colour onto the wall.
 *
 * `source` is the context `rect` cut from an image `imageWidth` × `imageHeight`; `hole` (over
 * `rect`) holds the letters to fill; `reach` is how far, in pixels, a surface's colour inside
 * the hole stays beside it (the letters' halo). An edge of `rect` that is the image's own edge does not
 * count: letters may run off the picture.
 */
export function letterColouredSurfaces(
  source: RawImage,
  hole: Uint8Array,
  parts: readonly TextPart[],
  rect: Rect,
  imageWidth: number,
  imageHeight: number,
  reach: number,
  depth = reach,
): LetterColouredSurfaces {
  const { width, height, data } = source;
  const lab = [0, 0, 0];
  const inked = parts.filter((part) => part.glyphs.contrast > 0);
  // Each pixel by the colours of the line nearest it: lines of one sign may differ (dark
  // letters on an orange band above dark letters on white).
  const isLetterColoured = (p: number) => {
    const glyphs = nearestLine(
      inked,
      rect.left + (p % width),
      rect.top + Math.floor(p / width),
    )?.glyphs;
    if (!glyphs) return false;
    rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, lab);
    const toPaper = squaredDistance(lab, glyphs.paperLab);
    return squaredDistance(lab, glyphs.inkLab) < toPaper && toPaper > (glyphs.contrast / 2) ** 2;
  };
  // Only what lies outside the hole is labelled: the hole's own colours are never read.
  const letterColoured = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (hole[p]) continue;
      if (isLetterColoured(p)) letterColoured[p] = 1;
    }
  }
  // A sign's border or rule along a line (its marks) is no path: letters may touch it.
  for (const part of inked) {
    const { area } = part;
    for (let y = 0; y < area.height; y++) {
      for (let x = 0; x < area.width; x++) {
        if (!part.glyphs.marks[y * area.width + x]) continue;
        const rx = area.left - rect.left + x;
        const ry = area.top - rect.top + y;
        if (rx >= 0 && ry >= 0 && rx < width && ry < height) letterColoured[ry * width + rx] = 0;
      }
    }
  }
  // A surface is wide: a sign's thin border or rule of the letters' colour is no surface (it
  // is continued through the hole like any edge), so what is narrower than the halo each way
  // goes before the surfaces are looked for (an opening: shrunk, then grown back).
  const notLetterColoured = new Uint8Array(width * height);
  for (let p = 0; p < notLetterColoured.length; p++)
    notLetterColoured[p] = letterColoured[p] ? 0 : 1;
  const shrunk = dilate(notLetterColoured, width, height, reach);
  const core = new Uint8Array(width * height);
  for (let p = 0; p < core.length; p++) if (!shrunk[p]) core[p] = 1;
  const wide = dilate(core, width, height, reach);
  for (let p = 0; p < wide.length; p++) if (!wide[p]) letterColoured[p] = 0;
  const outside = labelRegions(width, height, (p) => letterColoured[p] === 1);
  const surface = new Uint8Array(outside.sizes.length);
  const open = {
    left: rect.left > 0,
    top: rect.top > 0,
    right: rect.left + rect.width < imageWidth,
    bottom: rect.top + rect.height < imageHeight,
  };
  const mark = (p: number) => {
    if (outside.labels[p]) surface[outside.labels[p]!] = 1;
  };
  for (let x = 0; x < width; x++) {
    if (open.top) mark(x);
    if (open.bottom) mark((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    if (open.left) mark(y * width);
    if (open.right) mark(y * width + width - 1);
  }
  const notSource = new Uint8Array(width * height);
  for (let p = 0; p < notSource.length; p++) if (surface[outside.labels[p]!]) notSource[p] = 1;
  // Inside the hole, the surface runs on for its edge: within `reach` of it its colour stays,
  // and over its own colour as far as `depth` (the detector's outline of a line that ends at a
  // sign's edge runs a few pixels onto the wall; filled, they took the sign's colour).
  const near = dilate(notSource, width, height, reach);
  const stays = new Uint8Array(width * height);
  for (let p = 0; p < stays.length; p++) if (near[p] && hole[p]) stays[p] = 1;
  const steps = new Uint16Array(width * height);
  const queue: number[] = [];
  for (let p = 0; p < notSource.length; p++) if (notSource[p]) queue.push(p);
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    const x = p % width;
    if (steps[p]! >= depth) continue;
    for (const q of [x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1, p - width, p + width]) {
      if (q < 0 || q >= hole.length || !hole[q] || steps[q] || notSource[q]) continue;
      if (!isLetterColoured(q)) continue;
      steps[q] = steps[p]! + 1;
      stays[q] = 1;
      queue.push(q);
    }
  }
  return { notSource, stays };
}

/** The line whose area is nearest the image pixel (x, y): 0 inside it. */
function nearestLine(parts: readonly TextPart[], x: number, y: number): TextPart | undefined {
  let best: TextPart | undefined;
  let bestDistance = Infinity;
  for (const part of parts) {
    const { left, top, width, height } = part.area;
    const dx = Math.max(0, left - x, x - (left + width - 1));
    const dy = Math.max(0, top - y, y - (top + height - 1));
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = part;
    }
  }
  return best;
}

function squaredDistance(a: readonly number[], b: readonly number[]): number {
  const d0 = a[0]! - b[0]!;
  const d1 = a[1]! - b[1]!;
  const d2 = a[2]! - b[2]!;
  return d0 * d0 + d1 * d1 + d2 * d2;
}
