import { clampByte } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';

/** Row-major 3x3 matrix applied to RGB column vectors. */
export type Matrix3 = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

// Rec. 601 luma weights, as in colour.ts.
const LR = 0.299;
const LG = 0.587;
const LB = 0.114;

export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      out.push(
        a[row * 3]! * b[col]! + a[row * 3 + 1]! * b[3 + col]! + a[row * 3 + 2]! * b[6 + col]!,
      );
    }
  }
  return out as unknown as Matrix3;
}

/** Colour mixing per pixel: out = m · in + offset. Pure JavaScript beats a sharp round trip here. */
export function applyMatrix(
  image: RawImage,
  m: Matrix3,
  offset: readonly [number, number, number] = [0, 0, 0],
): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m;
  const [o0, o1, o2] = offset;
  for (let i = 0; i < src.length; i += 3) {
    const r = src[i]!;
    const g = src[i + 1]!;
    const b = src[i + 2]!;
    out[i] = clampByte(m0 * r + m1 * g + m2 * b + o0);
    out[i + 1] = clampByte(m3 * r + m4 * g + m5 * b + o1);
    out[i + 2] = clampByte(m6 * r + m7 * g + m8 * b + o2);
  }
  return { data: out, width: image.width, height: image.height };
}

/** Per-channel tone curves as 256-entry tables (one table for all three when only one given). */
export function applyCurves(
  image: RawImage,
  red: Uint8Array,
  green: Uint8Array = red,
  blue: Uint8Array = red,
): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i += 3) {
    out[i] = red[src[i]!]!;
    out[i + 1] = green[src[i + 1]!]!;
    out[i + 2] = blue[src[i + 2]!]!;
  }
  return { data: out, width: image.width, height: image.height };
}

export function curve(fn: (x: number) => number): Uint8Array {
  const table = new Uint8Array(256);
  for (let i = 0; i < 256; i++) table[i] = clampByte(fn(i / 255) * 255);
  return table;
}

/**
 * A gamma curve: lifts (or lowers) midtones and shadows while black stays black and white stays
 * white, so brightening never clips highlights.
 */
export function brightnessCurve(amount: number): Uint8Array {
  const gamma = Math.exp(-1.1 * amount);
  return curve((x) => x ** gamma);
}

/** An S-curve around mid-grey with fixed end points; negative amounts flatten. */
export function contrastCurve(amount: number): Uint8Array {
  const k = Math.exp(1.2 * amount);
  return curve((x) => (x < 0.5 ? 0.5 * (2 * x) ** k : 1 - 0.5 * (2 * (1 - x)) ** k));
}

/** 0 = grey, 1 = unchanged, above 1 = more vivid. */
export function saturationMatrix(factor: number): Matrix3 {
  const s = factor;
  const t = 1 - s;
  return [t * LR + s, t * LG, t * LB, t * LR, t * LG + s, t * LB, t * LR, t * LG, t * LB + s];
}

export const GRAYSCALE: Matrix3 = saturationMatrix(0);

/** Warm tone from luminance: red over green over blue, gently coloured. */
export const SEPIA: Matrix3 = [
  LR * 1.07,
  LG * 1.07,
  LB * 1.07,
  LR * 0.95,
  LG * 0.95,
  LB * 0.95,
  LR * 0.76,
  LG * 0.76,
  LB * 0.76,
];

/** Positive amounts warm (more red, less blue), negative cool; green moves a little with red. */
export function warmthMatrix(amount: number): Matrix3 {
  return [1 + 0.22 * amount, 0, 0, 0, 1 + 0.04 * amount, 0, 0, 0, 1 - 0.22 * amount];
}

/** Hue rotation around the grey axis (the SVG feColorMatrix hueRotate matrix). */
export function hueMatrix(degrees: number): Matrix3 {
  const angle = (degrees * Math.PI) / 180;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    0.213 + c * 0.787 - s * 0.213,
    0.715 - c * 0.715 - s * 0.715,
    0.072 - c * 0.072 + s * 0.928,
    0.213 - c * 0.213 + s * 0.143,
    0.715 + c * 0.285 + s * 0.14,
    0.072 - c * 0.072 - s * 0.283,
    0.213 - c * 0.213 - s * 0.787,
    0.715 - c * 0.715 + s * 0.715,
    0.072 + c * 0.928 + s * 0.072,
  ];
}

/**
 * Tints shadows and highlights separately (split toning): each pixel is pushed toward
 * `shadow` as it gets darker and toward `highlight` as it gets brighter, `amount` 0..1.
 */
export function splitTone(
  image: RawImage,
  shadow: readonly [number, number, number],
  highlight: readonly [number, number, number],
  amount: number,
): RawImage {
  const src = image.data;
  const out = Buffer.allocUnsafe(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const r = src[i]!;
    const g = src[i + 1]!;
    const b = src[i + 2]!;
    const l = (LR * r + LG * g + LB * b) / 255;
    const ws = (1 - l) * (1 - l) * amount;
    const wh = l * l * amount;
    out[i] = clampByte(r + (shadow[0] - 128) * ws + (highlight[0] - 128) * wh);
    out[i + 1] = clampByte(g + (shadow[1] - 128) * ws + (highlight[1] - 128) * wh);
    out[i + 2] = clampByte(b + (shadow[2] - 128) * ws + (highlight[2] - 128) * wh);
  }
  return { data: out, width: image.width, height: image.height };
}
