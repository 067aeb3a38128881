import { describe, expect, it } from 'vitest';
import { CAMERA_MOTIONS } from './camera-motion.ts';
import { easeInOut, MAX_ZOOM, renderFrame, windowAt } from './ken-burns.ts';

const W = 1200;
const H = 720;

describe('windowAt', () => {
  it('zooms in from the whole source to 1/MAX_ZOOM of it, about the centre', () => {
    const first = windowAt('zoom-in', 0, W, H);
    const last = windowAt('zoom-in', 1, W, H);
    expect(first).toEqual({ x: 0, y: 0, width: W, height: H });
    expect(last.width).toBeCloseTo(W / MAX_ZOOM, 6);
    expect(last.x + last.width / 2).toBeCloseTo(W / 2, 6);
    expect(last.y + last.height / 2).toBeCloseTo(H / 2, 6);
    expect(windowAt('zoom-out', 0, W, H).width).toBeCloseTo(W / MAX_ZOOM, 6);
    expect(windowAt('zoom-out', 1, W, H).width).toBeCloseTo(W, 6);
  });

  it('pans across the spare margin in the named direction', () => {
    const spare = W - W / MAX_ZOOM;
    expect(windowAt('pan-left', 0, W, H).x).toBeCloseTo(spare, 6);
    expect(windowAt('pan-left', 1, W, H).x).toBeCloseTo(0, 6);
    expect(windowAt('pan-right', 1, W, H).x).toBeCloseTo(spare, 6);
    expect(windowAt('pan-up', 0, W, H).y).toBeGreaterThan(windowAt('pan-up', 1, W, H).y);
    expect(windowAt('pan-down', 0, W, H).y).toBeLessThan(windowAt('pan-down', 1, W, H).y);
  });

  it('moves smoothly: no step between frames is far larger than its neighbours', () => {
    for (const motion of CAMERA_MOTIONS) {
      const frames = Array.from({ length: 72 }, (_, i) => windowAt(motion, i / 71, W, H));
      const steps = frames
        .slice(1)
        .map((f, i) =>
          Math.hypot(f.x - frames[i]!.x, f.y - frames[i]!.y, f.width - frames[i]!.width),
        );
      expect(Math.max(...steps)).toBeGreaterThan(0);
      for (let i = 1; i < steps.length; i++) {
        // Eased: consecutive steps differ by a few percent at most, never jump.
        expect(Math.abs(steps[i]! - steps[i - 1]!)).toBeLessThan(0.1 * Math.max(...steps));
      }
      // Slow start and stop.
      expect(steps[0]!).toBeLessThan(0.05 * Math.max(...steps));
      expect(steps.at(-1)!).toBeLessThan(0.05 * Math.max(...steps));
    }
  });

  it('eases from 0 to 1', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBeCloseTo(0.5, 9);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(2)).toBe(1);
  });
});

describe('renderFrame', () => {
  // A horizontal ramp: the value of a column is its x, so sampled positions can be read back.
  const width = 256;
  const height = 4;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.fill(x, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const ramp = { data, width, height };

  it('copies the source exactly when the window is the whole source at the same size', () => {
    const out = renderFrame(ramp, { x: 0, y: 0, width, height }, width, height);
    expect(out.equals(data)).toBe(true);
  });

  it('samples fractional positions instead of rounding them (no jitter)', () => {
    const at = (x: number) =>
      renderFrame(ramp, { x, y: 0, width: 128, height }, 128, height).readUInt8(3 * 10);
    // A window moved by a quarter pixel moves the picture by a quarter pixel, rounded once.
    expect([at(100), at(100.25), at(100.5), at(100.75), at(101)]).toEqual([
      110, 110, 111, 111, 111,
    ]);
    const sub = renderFrame(ramp, { x: 0.5, y: 0, width: 128, height }, 128, height);
    expect(sub.readUInt8(0)).toBe(1);
  });
});
