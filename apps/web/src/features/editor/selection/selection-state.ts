import type { EditSelection } from '@image-lab/contract';
import { emptyMask, invertMask, maskCoverage, paintRect, type PaintMask } from './paint-mask';

export type SelectTool = 'point' | 'box' | 'brush';

/** What the person selected on the picture; positions in percent of its width and height. */
export type CanvasSelection =
  | { kind: 'point'; x: number; y: number }
  | { kind: 'box'; x: number; y: number; width: number; height: number }
  | { kind: 'mask'; mask: PaintMask };

/** A box from two corners, or null when it is too small to mean anything (a slip). */
export function boxFrom(a: { x: number; y: number }, b: { x: number; y: number }) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const width = Math.abs(a.x - b.x);
  const height = Math.abs(a.y - b.y);
  if (width < 1 || height < 1) return null;
  return { kind: 'box' as const, x, y, width, height };
}

/** The selection as a mask to paint on (a box becomes its rectangle; a click cannot). */
export function asMask(
  selection: CanvasSelection | null,
  image: { width: number; height: number },
): PaintMask {
  if (selection?.kind === 'mask') return { ...selection.mask, data: selection.mask.data.slice() };
  const mask = emptyMask(image.width, image.height);
  if (selection?.kind === 'box') paintRect(mask, selection);
  return mask;
}

/** Everything but the selection. A click has no outline in the browser, so it cannot be inverted. */
export function invertSelection(
  selection: CanvasSelection | null,
  image: { width: number; height: number },
): CanvasSelection | null {
  if (!selection || selection.kind === 'point') return selection;
  const inverted = invertMask(asMask(selection, image));
  return maskCoverage(inverted) > 0 ? { kind: 'mask', mask: inverted } : null;
}

/**
 * What goes with the edit request: a click and a box as the `selection` field, a painted mask
 * as the multipart `mask` file (made by the caller at the picture's size).
 */
export function selectionField(selection: CanvasSelection | null): EditSelection | undefined {
  if (!selection) return undefined;
  const round = (v: number) => Math.round(v * 100) / 100;
  if (selection.kind === 'point')
    return { point: { x: round(selection.x), y: round(selection.y) } };
  if (selection.kind === 'box') {
    const { x, y, width, height } = selection;
    return { box: { x: round(x), y: round(y), width: round(width), height: round(height) } };
  }
  return undefined;
}
