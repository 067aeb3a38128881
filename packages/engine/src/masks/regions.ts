/**
 * Connected regions (4-neighbourhood) of the pixels where `on(p)` holds: a label per pixel
 * (0 = none) and the size of each label.
 */
export function labelRegions(
  width: number,
  height: number,
  on: (p: number) => boolean,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height);
  const sizes: number[] = [0];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] || !on(start)) continue;
    const label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const neighbours = [
        x > 0 ? p - 1 : -1,
        x + 1 < width ? p + 1 : -1,
        p >= width ? p - width : -1,
        p + width < labels.length ? p + width : -1,
      ];
      for (const q of neighbours) {
        if (q < 0 || labels[q] || !on(q)) continue;
        labels[q] = label;
        stack.push(q);
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/**
 * Cleans a hard mask (255/0) in place: keeps its largest region and any region at least `minShareOfLargest`
 * of that size (a sofa's separate cushion, a chair's legs), drops specks, and fills holes smaller
 * than `maxHole` pixels that do not touch the border. Returns the pixels kept.
 */
export function keepMainRegions(
  mask: Uint8Array,
  width: number,
  height: number,
  maxHole: number,
  minShareOfLargest = 0.15,
): number {
  const on = regionsOf(mask, width, height, (p) => mask[p] !== 0);
  const largest = Math.max(0, ...on.sizes.slice(1));
  const holes = regionsOf(mask, width, height, (p) => mask[p] === 0);
  const touchesBorder = new Set<number>();
  for (let x = 0; x < width; x++) {
    touchesBorder.add(holes.labels[x]!);
    touchesBorder.add(holes.labels[(height - 1) * width + x]!);
  }
  for (let y = 0; y < height; y++) {
    touchesBorder.add(holes.labels[y * width]!);
    touchesBorder.add(holes.labels[y * width + width - 1]!);
  }
  let kept = 0;
  for (let p = 0; p < mask.length; p++) {
    const region = on.labels[p]!;
    if (region) {
      mask[p] = on.sizes[region]! >= largest * minShareOfLargest ? 255 : 0;
    } else {
      const hole = holes.labels[p]!;
      mask[p] = !touchesBorder.has(hole) && holes.sizes[hole]! < maxHole ? 255 : 0;
    }
    if (mask[p]) kept++;
  }
  return kept;
}

function regionsOf(mask: Uint8Array, width: number, height: number, on: (p: number) => boolean) {
  return labelRegions(width, height, (p) => p < mask.length && on(p));
}
