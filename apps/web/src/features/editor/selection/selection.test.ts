import { describe, expect, it } from 'vitest';
import { containRect, toPercent } from './contain-rect';
import {
  emptyMask,
  invertMask,
  maskCoverage,
  maskToRgba,
  paintDisc,
  paintRect,
  paintStroke,
} from './paint-mask';
import { boxFrom, invertSelection, selectionField } from './selection-state';

describe('painting a selection', () => {
  it('keeps the picture’s proportions on a grid of at most 512 px', () => {
    const mask = emptyMask(4000, 3000);
    expect([mask.width, mask.height]).toEqual([512, 384]);
    expect(maskCoverage(mask)).toBe(0);
  });

  it('paints a disc of the asked radius, where it was asked', () => {
    const mask = emptyMask(100, 100, 100);
    paintDisc(mask, 50, 50, 10);
    // π r² with r = 10 px on a 100×100 grid ≈ 314 px.
    expect(maskCoverage(mask) * 10_000).toBeGreaterThan(290);
    expect(maskCoverage(mask) * 10_000).toBeLessThan(340);
    expect(mask.data[50 * 100 + 50]).toBe(255);
    expect(mask.data[0]).toBe(0);
  });

  it('leaves no gaps along a fast stroke', () => {
    const mask = emptyMask(200, 100, 200);
    paintStroke(mask, { x: 10, y: 50 }, { x: 90, y: 50 }, 2);
    for (let col = 20; col < 180; col++) expect(mask.data[50 * 200 + col]).toBe(255);
  });

  it('inverts and encodes: white selected, black not', () => {
    const mask = emptyMask(10, 10, 10);
    paintRect(mask, { x: 0, y: 0, width: 50, height: 100 });
    expect(maskCoverage(mask)).toBeCloseTo(0.5);
    const inverted = invertMask(mask);
    expect(inverted.data[0]).toBe(0);
    expect(inverted.data[9]).toBe(255);
    const rgba = maskToRgba(mask);
    expect([...rgba.slice(0, 4)]).toEqual([255, 255, 255, 255]);
    expect([...rgba.slice(36, 40)]).toEqual([0, 0, 0, 255]);
  });
});

describe('a selection as the request sends it', () => {
  it('sends a click and a box as percentages, a painted mask not as a field', () => {
    expect(selectionField({ kind: 'point', x: 45.123, y: 66 })).toEqual({
      point: { x: 45.12, y: 66 },
    });
    const box = boxFrom({ x: 60, y: 70 }, { x: 20, y: 30 });
    expect(selectionField(box)).toEqual({ box: { x: 20, y: 30, width: 40, height: 40 } });
    expect(boxFrom({ x: 10, y: 10 }, { x: 10.5, y: 40 })).toBeNull();
    const mask = { kind: 'mask' as const, mask: emptyMask(10, 10) };
    expect(selectionField(mask)).toBeUndefined();
  });

  it('inverts a box into a mask of everything else, and leaves a click as it is', () => {
    const image = { width: 100, height: 100 };
    const inverted = invertSelection({ kind: 'box', x: 0, y: 0, width: 50, height: 100 }, image);
    expect(inverted?.kind).toBe('mask');
    if (inverted?.kind === 'mask') expect(maskCoverage(inverted.mask)).toBeCloseTo(0.5, 1);
    const click = { kind: 'point' as const, x: 1, y: 2 };
    expect(invertSelection(click, image)).toBe(click);
  });
});

describe('where the shown image sits', () => {
  it('centres a wide image in a tall box and maps a pointer to percentages', () => {
    const rect = containRect(400, 600, 800, 400);
    expect(rect).toEqual({ left: 0, top: 200, width: 400, height: 200 });
    expect(toPercent(100, 250, rect)).toEqual({ x: 25, y: 25 });
    expect(toPercent(-5, 900, rect)).toEqual({ x: 0, y: 100 });
  });
});
