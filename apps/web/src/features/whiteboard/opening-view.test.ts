import type { WhiteboardItem } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, openingView, visibleRect } from './view';

const item = (id: string, x: number, y: number): WhiteboardItem => ({
  id,
  imageUrl: `/uploads/a/${id}.jpg`,
  x,
  y,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex: 1,
});
const PHONE = { width: 343, height: 560 };
const DESKTOP = { width: 1256, height: 620 };
// Two images side by side, as 'Add from your images' lays them out on a wide screen.
const ROW = [item('a', 417, 213), item('b', 637, 213)];

describe('the view a board opens with', () => {
  it('keeps the board’s view when every image is on screen', () => {
    expect(openingView(null, DEFAULT_VIEW, ROW, DESKTOP)).toEqual(DEFAULT_VIEW);
  });

  it('fits the images on a phone when the board’s view leaves some off screen', () => {
    const view = openingView(null, DEFAULT_VIEW, ROW, PHONE);
    const shown = visibleRect(view, PHONE);
    for (const { x, y, width, height } of ROW) {
      expect(x).toBeGreaterThanOrEqual(shown.x);
      expect(y).toBeGreaterThanOrEqual(shown.y);
      expect(x + width).toBeLessThanOrEqual(shown.x + shown.width);
      expect(y + height).toBeLessThanOrEqual(shown.y + shown.height);
    }
    expect(view.scale).toBeLessThan(1);
  });

  it('keeps the view this browser kept, and the default for an empty board or no size yet', () => {
    const kept = { x: 5, y: 6, scale: 2 };
    expect(openingView(kept, DEFAULT_VIEW, ROW, PHONE)).toBe(kept);
    expect(openingView(null, undefined, [], PHONE)).toEqual(DEFAULT_VIEW);
    expect(openingView(null, undefined, ROW, { width: 0, height: 0 })).toEqual(DEFAULT_VIEW);
  });
});
