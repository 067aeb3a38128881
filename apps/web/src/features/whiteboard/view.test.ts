import { describe, expect, it } from 'vitest';
import { cascade, gridLayout, ourImageUrl } from './drop';
import {
  boundsOfItems,
  coverCrop,
  normalizeRotation,
  paintOrder,
  rectFromPoints,
  snap,
} from './geometry';
import {
  DEFAULT_VIEW,
  fitView,
  panBy,
  stagePosition,
  thumbnailWidth,
  toBoard,
  viewFromStage,
  zoomAt,
} from './view';

describe('view math', () => {
  it('zooms about a screen point, keeping the board point under it', () => {
    const view = { x: 100, y: 50, scale: 1 };
    const under = toBoard(view, { x: 300, y: 200 });
    const zoomed = zoomAt(view, 2, { x: 300, y: 200 });
    expect(zoomed.scale).toBe(2);
    expect(toBoard(zoomed, { x: 300, y: 200 })).toEqual(under);
    expect(zoomAt({ ...view, scale: 8 }, 2, { x: 0, y: 0 }).scale).toBe(8);
    expect(zoomAt({ ...view, scale: 0.05 }, 0.5, { x: 0, y: 0 }).scale).toBe(0.05);
  });

  it('converts to and from the Konva stage position, and pans by screen distance', () => {
    const view = { x: 10, y: -20, scale: 2 };
    expect(stagePosition(view)).toEqual({ x: -20, y: 40 });
    expect(viewFromStage(stagePosition(view), 2)).toEqual(view);
    expect(panBy(view, 20, -40)).toEqual({ x: 0, y: 0, scale: 2 });
  });

  it('fits content, never above 100 %, and resets without content', () => {
    const fitted = fitView({ x: 0, y: 0, width: 2000, height: 500 }, { width: 1080, height: 600 });
    expect(fitted.scale).toBe(0.5);
    expect(toBoard(fitted, { x: 540, y: 300 })).toEqual({ x: 1000, y: 250 });
    expect(fitView({ x: 0, y: 0, width: 10, height: 10 }, { width: 800, height: 600 }).scale).toBe(
      1,
    );
    expect(fitView(null, { width: 800, height: 600 })).toEqual(DEFAULT_VIEW);
  });

  it('asks for 320 px thumbnails until an item is drawn wider than that', () => {
    expect(thumbnailWidth(200, 1)).toBe(320);
    expect(thumbnailWidth(200, 1, 2)).toBe(640);
    expect(thumbnailWidth(200, 2.5)).toBe(640);
  });
});

describe('geometry', () => {
  it('snaps, normalises angles, orders by zIndex and bounds rotated items', () => {
    expect([snap(9), snap(11), snap(-11)]).toEqual([0, 20, -20]);
    expect([normalizeRotation(270), normalizeRotation(-180), normalizeRotation(360)]).toEqual([
      -90, 180, 0,
    ]);
    const a = { zIndex: 2 };
    const b = { zIndex: 1 };
    const c = { zIndex: 2 };
    expect(paintOrder([a, b, c])).toEqual([b, a, c]);
    const box = boundsOfItems([
      { id: 'r', imageUrl: '', x: 0, y: 0, width: 100, height: 100, rotation: 90, zIndex: 1 },
    ]);
    expect(box).toMatchObject({ width: 100, height: 100 });
    expect(box!.x).toBeCloseTo(-100);
    expect(coverCrop(400, 300, 200, 150)).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    expect(coverCrop(300, 600, 200, 150)).toEqual({ x: 0, y: 187.5, width: 300, height: 225 });
    expect(rectFromPoints({ x: 5, y: 9 }, { x: 1, y: 2 })).toEqual({
      x: 1,
      y: 2,
      width: 4,
      height: 7,
    });
  });
});

describe('drops', () => {
  const origin = 'http://127.0.0.1:5000';
  it('takes our own image addresses and nothing else', () => {
    expect(ourImageUrl('/uploads/u/a.jpg', origin)).toBe('/uploads/u/a.jpg');
    expect(ourImageUrl(`${origin}/uploads/u/a.jpg`, origin)).toBe('/uploads/u/a.jpg');
    const optimized = `${origin}/api/optimize-image?url=${encodeURIComponent('/uploads/u/b.png')}&w=320`;
    expect(ourImageUrl(`# comment\n${optimized}`, origin)).toBe('/uploads/u/b.png');
    expect(ourImageUrl('https://example.com/uploads/a.jpg', origin)).toBeNull();
    expect(ourImageUrl('/api/optimize-image?url=https://evil.test/x.jpg', origin)).toBeNull();
    expect(ourImageUrl('', origin)).toBeNull();
  });

  it('spreads several images out', () => {
    expect(cascade({ x: 10, y: 10 }, 2)).toEqual({ x: 58, y: 58 });
    expect(gridLayout({ x: 0, y: 0 }, 5, 4)[4]).toEqual({ x: 0, y: 170 });
  });
});

describe('board export', () => {
  it('draws two pixels per board unit, shrinking only past 8192 px', async () => {
    const { exportPlan } = await import('./export');
    expect(exportPlan({ width: 500, height: 300 }, 0.5)).toEqual({
      pixelRatio: 4,
      width: 1000,
      height: 600,
    });
    expect(exportPlan({ width: 10_000, height: 100 }, 1)).toMatchObject({
      width: 8192,
      height: 82,
    });
  });
});
