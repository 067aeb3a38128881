import type { EditSelection } from '@image-lab/contract';
import { useState } from 'react';
import { encodeMaskPng } from './encode-mask';
import { BRUSH_SIZES } from './SelectionLayer';
import {
  invertSelection,
  selectionField,
  type CanvasSelection,
  type SelectTool,
} from './selection-state';
import { useShortcutKeys } from './shortcuts';

interface Picture {
  width: number;
  height: number;
}

/** What an edit request carries of the selection. */
export interface SelectionPart {
  selection?: EditSelection;
  /** A painted selection, made into the picture-sized PNG when the request is sent. */
  mask?: () => Promise<Blob>;
}

/**
 * The Select tool's state for the picture on the canvas. A selection is kept while the pictures
 * keep their size (so "make it blue" then "a bit brighter" both go to the sofa) and dropped when
 * a picture of another size comes.
 */
export function useSelectionTools(
  picture: Picture | undefined,
  keysEnabled: boolean,
  /** Painted masks go as a multipart file, which the guest editor cannot send. */
  paintable: boolean,
) {
  const [tool, setTool] = useState<SelectTool | null>(null);
  const [brush, setBrush] = useState<number>(BRUSH_SIZES.medium);
  const [held, setHeld] = useState<{ size: string; selection: CanvasSelection } | null>(null);
  const size = picture ? `${picture.width}x${picture.height}` : '';
  const selection = held && held.size === size ? held.selection : null;

  const change = (next: CanvasSelection | null) => setHeld(next ? { size, selection: next } : null);
  const clear = () => {
    setHeld(null);
  };
  const invert = () => picture && change(invertSelection(selection, picture));
  const canInvert = paintable && Boolean(selection && selection.kind !== 'point');

  useShortcutKeys(
    {
      s: () => setTool((t) => (t ? null : 'point')),
      c: () => setTool('point'),
      r: () => setTool('box'),
      b: () => paintable && setTool('brush'),
      i: () => canInvert && invert(),
      Escape: () => (selection ? clear() : setTool(null)),
    },
    keysEnabled && Boolean(picture),
  );

  const requestPart = (): SelectionPart => {
    if (!selection || !picture) return {};
    if (selection.kind !== 'mask') return { selection: selectionField(selection) };
    const { mask } = selection;
    return { mask: () => encodeMaskPng(mask, picture.width, picture.height) };
  };

  return {
    tool,
    setTool,
    paintable,
    brush,
    setBrush,
    selection,
    change,
    clear,
    invert,
    canInvert,
    requestPart,
  };
}
