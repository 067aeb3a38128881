import { clampByte, seededRandom, type Rgb } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';

/** A floating-point RGB canvas the backdrops are painted on (values 0..255). */
export interface Canvas {
  data: Float32Array;
  width: number;
  height: number;
}

export function newCanvas(width: number, height: number): Canvas {
  return { data: new Float32Array(width * height * 3), width, height };
}

export function canvasToRaw(canvas: Canvas): RawImage {
  const out = Buffer.allocUnsafe(canvas.data.length);
  for (let i = 0; i < out.length; i++) out[i] = clampByte(canvas.data[i]!);
  return { data: out, width: canvas.width, height: canvas.height };
}

export type Stops = ReadonlyArray<readonly [number, Rgb]>;

export function colourAt(stops: Stops, t: number): Rgb {
  if (t <= stops[0]![0]) return stops[0]![1];
  for (let k = 1; k < stops.length; k++) {
    const [t1, c1] = stops[k]!;
    if (t <= t1) {
      const [t0, c0] = stops[k - 1]!;
      const f = (t - t0) / (t1 - t0 || 1);
      return [
        c0[0] + (c1[0] - c0[0]) * f,
        c0[1] + (c1[1] - c0[1]) * f,
        c0[2] + (c1[2] - c0[2]) * f,
      ];
    }
  }
  return stops[stops.length - 1]![1];
}

/** Fills rows y0..y1 (exclusive) with a vertical gradient; t runs 0..1 over those rows. */
export function gradientRows(canvas: Canvas, y0: number, y1: number, stops: Stops): void {
  const { width, data } = canvas;
  const from = Math.max(0, Math.floor(y0));
  const to = Math.min(canvas.height, Math.ceil(y1));
  for (let y = from; y < to; y++) {
    const [r, g, b] = colourAt(stops, (y - y0) / Math.max(1, y1 - y0));
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
}

/** Blends `colour` over one pixel with coverage `alpha` (0..1). */
export function blendPixel(canvas: Canvas, x: number, y: number, colour: Rgb, alpha: number) {
  if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height || alpha <= 0) return;
  const i = (y * canvas.width + x) * 3;
  const a = Math.min(1, alpha);
  const d = canvas.data;
  d[i] = d[i]! + (colour[0] - d[i]!) * a;
  d[i + 1] = d[i + 1]! + (colour[1] - d[i + 1]!) * a;
  d[i + 2] = d[i + 2]! + (colour[2] - d[i + 2]!) * a;
}

/** Adds light (screen-like) around a point: suns, street lamps, headlights. */
export function glow(
  canvas: Canvas,
  cx: number,
  cy: number,
  radius: number,
  colour: Rgb,
  strength: number,
): void {
  const reach = radius * 3;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(canvas.width - 1, Math.ceil(cx + reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const y1 = Math.min(canvas.height - 1, Math.ceil(cy + reach));
  const d = canvas.data;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const r2 = ((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius);
      const k = strength * Math.exp(-r2);
      if (k < 0.004) continue;
      const i = (y * canvas.width + x) * 3;
      d[i] = d[i]! + (255 - d[i]!) * k * (colour[0] / 255);
      d[i + 1] = d[i + 1]! + (255 - d[i + 1]!) * k * (colour[1] / 255);
      d[i + 2] = d[i + 2]! + (255 - d[i + 2]!) * k * (colour[2] / 255);
    }
  }
}

/**
 * Fills everything below the line `top(x)` down to `bottom` with a colour, anti-aliased along
 * the line: hills, dunes, tree lines, skylines.
 */
export function silhouette(
  canvas: Canvas,
  top: (x: number) => number,
  colour: Rgb | ((x: number, y: number) => Rgb),
  bottom = canvas.height,
  opacity = 1,
): void {
  const end = Math.min(canvas.height, Math.ceil(bottom));
  for (let x = 0; x < canvas.width; x++) {
    const edge = top(x);
    const start = Math.max(0, Math.floor(edge));
    for (let y = start; y < end; y++) {
      const coverage = y === start ? 1 - (edge - start) : 1;
      const c = typeof colour === 'function' ? colour(x, y) : colour;
      blendPixel(canvas, x, y, c, coverage * opacity);
    }
  }
}

/** Smooth 1-D value noise in 0..1, for ridgelines and cloud banks. */
export function noise1d(seed: number, octaves = 3): (x: number) => number {
  const random = seededRandom(seed);
  const table = Float32Array.from({ length: 512 }, () => random());
  const at = (x: number) => {
    const i = Math.floor(x);
    const f = x - i;
    const s = f * f * (3 - 2 * f);
    return table[i & 511]! * (1 - s) + table[(i + 1) & 511]! * s;
  };
  return (x) => {
    let sum = 0;
    let weight = 0;
    for (let o = 0; o < octaves; o++) {
      const w = 0.5 ** o;
      sum += at(x * 2 ** o + o * 37.1) * w;
      weight += w;
    }
    return sum / weight;
  };
}

/** Fine grain over rows y0..y1: sand, asphalt, gravel. */
export function grainRows(canvas: Canvas, y0: number, y1: number, amount: number, seed: number) {
  const random = seededRandom(seed);
  const d = canvas.data;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(canvas.height, y1); y++) {
    for (let x = 0, i = y * canvas.width * 3; x < canvas.width; x++, i += 3) {
      const n = (random() - 0.5) * amount;
      d[i] = d[i]! + n;
      d[i + 1] = d[i + 1]! + n;
      d[i + 2] = d[i + 2]! + n;
    }
  }
}

/** A filled quadrilateral (perspective road markings, parking lines), anti-aliased by supersampling rows. */
export function quad(
  canvas: Canvas,
  points: readonly [number, number][],
  colour: Rgb,
  opacity = 1,
): void {
  const ys = points.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(canvas.height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    for (const sub of [0.25, 0.75]) {
      const sy = y + sub;
      const xs: number[] = [];
      for (let k = 0; k < points.length; k++) {
        const [ax, ay] = points[k]!;
        const [bx, by] = points[(k + 1) % points.length]!;
        if ((ay <= sy && by > sy) || (by <= sy && ay > sy)) {
          xs.push(ax + ((sy - ay) / (by - ay)) * (bx - ax));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const left = xs[k]!;
        const right = xs[k + 1]!;
        for (let x = Math.max(0, Math.floor(left)); x <= Math.min(canvas.width - 1, right); x++) {
          const cover = Math.min(1, x + 1 - left, right - x);
          blendPixel(canvas, x, y, colour, Math.max(0, cover) * opacity * 0.5);
        }
      }
    }
  }
}
