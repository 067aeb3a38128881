import { describe, expect, it } from 'vitest';
import { columnsForWidth } from '@/lib/gallery-utils.ts';
import { layoutMasonry, tileHeightFor, visibleIndices } from './masonry.ts';

describe('columns by width (§9)', () => {
  it('uses 2/3/4/5/6 columns at the breakpoints 640, 768, 1024, 1280', () => {
    expect([320, 639, 640, 767, 768, 1023, 1024, 1279, 1280, 2560].map(columnsForWidth)).toEqual([
      2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    ]);
  });
});

describe('layoutMasonry', () => {
  it('puts each tile into the shortest column', () => {
    const heights = [100, 50, 60, 30];
    const layout = layoutMasonry(heights.length, (i) => heights[i]!, {
      width: 210,
      columns: 2,
      gap: 10,
    });
    expect(layout.columnWidth).toBe(100);
    expect(layout.boxes).toEqual([
      { x: 0, y: 0, width: 100, height: 100 },
      { x: 110, y: 0, width: 100, height: 50 },
      { x: 110, y: 60, width: 100, height: 60 },
      { x: 0, y: 110, width: 100, height: 30 },
    ]);
    expect(layout.height).toBe(140);
  });

  it('is empty without tiles', () => {
    expect(layoutMasonry(0, () => 10, { width: 500, columns: 3, gap: 8 }).height).toBe(0);
  });

  it('finds only the tiles in a window, fast enough for ten thousand', () => {
    const layout = layoutMasonry(10_000, (i) => 100 + (i % 7) * 20, {
      width: 1200,
      columns: 6,
      gap: 12,
    });
    const shown = visibleIndices(layout.boxes, 50_000, 51_000);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(80);
    for (const i of shown) {
      const box = layout.boxes[i]!;
      expect(box.y + box.height).toBeGreaterThanOrEqual(50_000);
      expect(box.y).toBeLessThanOrEqual(51_000);
    }
  });

  it('keeps tile shapes between 1:2 and 2:1', () => {
    expect(tileHeightFor(200, 400, 300)).toBe(150);
    expect(tileHeightFor(200, 100, 1000)).toBe(400);
    expect(tileHeightFor(200, 1000, 100)).toBe(100);
    expect(tileHeightFor(200, 0, 0)).toBe(200);
  });
});
