export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MasonryLayout {
  boxes: Box[];
  columnWidth: number;
  height: number;
}

/**
 * Places tiles one by one into the shortest column (the left one on a tie). Heights are known
 * before any image loads (from the stored dimensions), so positions are pure arithmetic and
 * only the tiles near the viewport need to exist in the page.
 */
export function layoutMasonry(
  count: number,
  heightOf: (index: number, columnWidth: number) => number,
  options: { width: number; columns: number; gap: number },
): MasonryLayout {
  const columns = Math.max(1, options.columns);
  const { gap } = options;
  const columnWidth = Math.max(0, (options.width - gap * (columns - 1)) / columns);
  const tops = new Array<number>(columns).fill(0);
  const boxes: Box[] = [];
  for (let i = 0; i < count; i++) {
    let column = 0;
    for (let c = 1; c < columns; c++) if (tops[c]! < tops[column]!) column = c;
    const height = Math.max(1, Math.round(heightOf(i, columnWidth)));
    boxes.push({ x: column * (columnWidth + gap), y: tops[column]!, width: columnWidth, height });
    tops[column] = tops[column]! + height + gap;
  }
  const height = count === 0 ? 0 : Math.max(...tops) - gap;
  return { boxes, columnWidth, height };
}

/** Indices of the boxes that reach into [top, bottom], in their order. */
export function visibleIndices(boxes: readonly Box[], top: number, bottom: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i]!;
    if (box.y <= bottom && box.y + box.height >= top) out.push(i);
  }
  return out;
}

/** Height of a tile that shows the whole image: its aspect, kept between 1:2 and 2:1. */
export function tileHeightFor(columnWidth: number, width: number, height: number): number {
  const ratio = width > 0 && height > 0 ? height / width : 1;
  return columnWidth * Math.min(2, Math.max(0.5, ratio));
}
