import type { RawImage } from '../raw-image.ts';
import type { Rect } from './mask-tools.ts';

// The coarse-to-fine frame both hole fills share: the box around the hole averaged onto a grid
// of at most `coarseSide` cells a side (hole cells left to solve), and the solved grid brought
// back to full size, bilinear, with the known pixels exact.

export interface CoarseGrid {
  width: number;
  height: number;
  /** Full-size pixels per coarse cell, inverted: cells = pixels × scale. */
  scale: number;
  values: Float32Array;
  /** 1 where a hole pixel falls in the cell. */
  unknown: Uint8Array;
}

export interface BoxValues {
  values: Float32Array;
  unknown: Uint8Array;
}

/** The coarse cell a box pixel falls in. */
export function cellAt(cw: number, ch: number, scale: number, x: number, y: number): number {
  return Math.min(ch - 1, Math.floor(y * scale)) * cw + Math.min(cw - 1, Math.floor(x * scale));
}

/** The box averaged onto the coarse grid: known cells hold their pixels' mean colour. */
export function coarseGridOf(
  image: RawImage,
  hole: Uint8Array,
  box: Rect,
  coarseSide: number,
): CoarseGrid {
  const { width, data } = image;
  const scale = Math.min(1, coarseSide / Math.max(box.width, box.height));
  const cw = Math.max(1, Math.round(box.width * scale));
  const ch = Math.max(1, Math.round(box.height * scale));
  const values = new Float32Array(cw * ch * 3);
  const unknown = new Uint8Array(cw * ch);
  const counts = new Float32Array(cw * ch);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const p = (box.top + y) * width + box.left + x;
      const cell = cellAt(cw, ch, scale, x, y);
      if (hole[p]) {
        unknown[cell] = 1;
        continue;
      }
      counts[cell]!++;
      for (let c = 0; c < 3; c++) values[cell * 3 + c]! += data[p * 3 + c]!;
    }
  }
  for (let cell = 0; cell < counts.length; cell++) {
    if (unknown[cell] || !counts[cell]) continue;
    for (let c = 0; c < 3; c++) values[cell * 3 + c]! /= counts[cell]!;
  }
  return { width: cw, height: ch, scale, values, unknown };
}

/** The solved grid at the box's full size: hole pixels bilinear from it, the rest the image's. */
export function upsampleIntoBox(
  image: RawImage,
  hole: Uint8Array,
  box: Rect,
  coarse: CoarseGrid,
): BoxValues {
  const { width, data } = image;
  const { width: cw, height: ch, scale } = coarse;
  const values = new Float32Array(box.width * box.height * 3);
  const unknown = new Uint8Array(box.width * box.height);
  const v = (cell: number, c: number) => coarse.values[cell * 3 + c]!;
  for (let y = 0; y < box.height; y++) {
    const fy = Math.max(0, Math.min(ch - 1, (y + 0.5) * scale - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    for (let x = 0; x < box.width; x++) {
      const p = (box.top + y) * width + box.left + x;
      const q = y * box.width + x;
      if (!hole[p]) {
        for (let c = 0; c < 3; c++) values[q * 3 + c] = data[p * 3 + c]!;
        continue;
      }
      unknown[q] = 1;
      const fx = Math.max(0, Math.min(cw - 1, (x + 0.5) * scale - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      for (let c = 0; c < 3; c++) {
        const top = v(y0 * cw + x0, c) + (v(y0 * cw + x1, c) - v(y0 * cw + x0, c)) * (fx - x0);
        const bottom = v(y1 * cw + x0, c) + (v(y1 * cw + x1, c) - v(y1 * cw + x0, c)) * (fx - x0);
        values[q * 3 + c] = top + (bottom - top) * (fy - y0);
      }
    }
  }
  return { values, unknown };
}

/** A copy of the image with the hole's pixels taken from the box's solved values. */
export function withHoleFrom(
  image: RawImage,
  hole: Uint8Array,
  box: Rect,
  values: Float32Array,
): RawImage {
  const result: RawImage = { ...image, data: Buffer.from(image.data) };
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const p = (box.top + y) * image.width + box.left + x;
      if (!hole[p]) continue;
      const q = (y * box.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        result.data[p * 3 + c] = Math.max(0, Math.min(255, Math.round(values[q + c]!)));
      }
    }
  }
  return result;
}
