import { seededRandom, type Rgb } from '../colour.ts';
import { shiftHue } from '../styles/grades.ts';
import type { VariationParams } from '../variations.ts';
import { glow, noise1d, quad, type Canvas, type Stops } from './paint.ts';

/** Pieces several painted scenes share: tinted stops, clouds, tree lines, ridges, a road. */
export const hue = (colour: Rgb, p: VariationParams, k = 1): Rgb =>
  shiftHue(colour, p.hueShift * k);
export const tint = (stops: Stops, p: VariationParams, k = 1): Stops =>
  stops.map(([t, c]) => [t, hue(c, p, k)] as const);

export function clouds(
  c: Canvas,
  horizon: number,
  p: VariationParams,
  colour: Rgb,
  amount: number,
) {
  const random = seededRandom(p.seed + 11);
  const count = 3 + Math.floor(random() * 4);
  for (let k = 0; k < count; k++) {
    const cx = random() * c.width;
    const cy = horizon * (0.12 + random() * 0.6);
    const puffs = 6 + Math.floor(random() * 6);
    const size = c.height * (0.035 + random() * 0.035);
    for (let j = 0; j < puffs; j++) {
      const dx = (j - puffs / 2) * size * 0.9 + (random() - 0.5) * size;
      const dy = (random() - 0.7) * size * 0.8;
      glow(c, cx + dx, cy + dy, size * (0.7 + random() * 0.6), colour, amount * 0.6);
    }
  }
}

/** A row of conifers: a zig-zag skyline with uneven heights. */
export function treeLine(seed: number, base: number, height: number, spacing: number) {
  const n = noise1d(seed, 2);
  return (x: number) => {
    const cell = Math.floor(x / spacing);
    const f = (x / spacing - cell) * 2 - 1;
    const tall = height * (0.55 + 0.6 * n(cell * 0.7));
    return base - tall * (1 - Math.abs(f)) - height * 0.15 * n(x / spacing / 3);
  };
}

export function ridge(seed: number, base: number, amplitude: number, wavelength: number) {
  const n = noise1d(seed, 4);
  return (x: number) => base - amplitude * n(x / wavelength);
}

/** An asphalt road running to a vanishing point on the horizon. */
export function road(c: Canvas, horizon: number, colour: Rgb, far: Rgb, lines: Rgb | null) {
  const vx = c.width * 0.5;
  const h = c.height;
  quad(
    c,
    [
      [vx - 2, horizon],
      [vx + 2, horizon],
      [c.width * 1.6, h],
      [-c.width * 0.6, h],
    ],
    far,
  );
  // Darker toward the viewer: paint the near half again, semi-transparent.
  quad(
    c,
    [
      [vx - c.width * 0.2, horizon + (h - horizon) * 0.35],
      [vx + c.width * 0.2, horizon + (h - horizon) * 0.35],
      [c.width * 1.6, h],
      [-c.width * 0.6, h],
    ],
    colour,
    0.8,
  );
  if (!lines) return;
  for (let k = 0; k < 7; k++) {
    const t0 = ((k + 0.1) / 7) ** 2;
    const t1 = ((k + 0.55) / 7) ** 2;
    const y0 = horizon + (h - horizon) * t0;
    const y1 = horizon + (h - horizon) * t1;
    const w0 = 1 + c.width * 0.012 * t0;
    const w1 = 1 + c.width * 0.012 * t1;
    quad(
      c,
      [
        [vx - w0, y0],
        [vx + w0, y0],
        [vx + w1, y1],
        [vx - w1, y1],
      ],
      lines,
    );
  }
}
