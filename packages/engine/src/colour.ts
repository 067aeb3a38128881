export type Rgb = readonly [number, number, number];

export const clampByte = (value: number): number =>
  value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);

export const clamp01 = (value: number): number => (value <= 0 ? 0 : value >= 1 ? 1 : value);

/** Rec. 601 weights: what people perceive as brightness in 8-bit sRGB values. */
export const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => clampByte(c).toString(16).padStart(2, '0')).join('')}`;
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** HSV saturation in 0..1 (0 for grey). */
export function hsvSaturation(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}

/** Hue in degrees 0..360, saturation and lightness 0..1. */
export function hslToRgb(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

export function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn
      ? ((gn - bn) / d + (gn < bn ? 6 : 0)) * 60
      : max === gn
        ? ((bn - rn) / d + 2) * 60
        : ((rn - gn) / d + 4) * 60;
  return [h, s, l];
}

/** sRGB byte → linear light, as a table because every pixel conversion needs it. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    table[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

const LINEAR_STEPS = 4096;
const LINEAR_TO_SRGB: Uint8Array = (() => {
  const table = new Uint8Array(LINEAR_STEPS + 1);
  for (let i = 0; i <= LINEAR_STEPS; i++) {
    const c = i / LINEAR_STEPS;
    table[i] = clampByte(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  }
  return table;
})();

export const linearToSrgbByte = (value: number): number =>
  LINEAR_TO_SRGB[Math.round(clamp01(value) * LINEAR_STEPS)]!;

// D65 white point.
const XN = 0.95047;
const ZN = 1.08883;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

const labF = (t: number) => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);
const labFInverse = (t: number) => {
  const cube = t * t * t;
  return cube > EPSILON ? cube : (116 * t - 16) / KAPPA;
};

/** CIE L*a*b* (D65) of an sRGB byte triple; written into `out` to avoid allocations per pixel. */
export function rgbToLab(r: number, g: number, b: number, out: Float64Array | number[]): void {
  const lr = SRGB_TO_LINEAR[r]!;
  const lg = SRGB_TO_LINEAR[g]!;
  const lb = SRGB_TO_LINEAR[b]!;
  const fx = labF((0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / XN);
  const fy = labF(0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb);
  const fz = labF((0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / ZN);
  out[0] = 116 * fy - 16;
  out[1] = 500 * (fx - fy);
  out[2] = 200 * (fy - fz);
}

export function labToRgb(
  l: number,
  a: number,
  b: number,
  out: Uint8Array | number[],
  at = 0,
): void {
  const fy = (l + 16) / 116;
  const x = XN * labFInverse(fy + a / 500);
  const y = labFInverse(fy);
  const z = ZN * labFInverse(fy - b / 200);
  out[at] = linearToSrgbByte(3.2404542 * x - 1.5371385 * y - 0.4985314 * z);
  out[at + 1] = linearToSrgbByte(-0.969266 * x + 1.8760108 * y + 0.041556 * z);
  out[at + 2] = linearToSrgbByte(0.0556434 * x - 0.2040259 * y + 1.0572252 * z);
}

/** Small, fast, seedable PRNG (mulberry32): results must be reproducible per seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lightness from which a colour's hue is trusted as fully as its lightness. */
export const LIT = 30;

/**
 * The Lab distance between two colours (L, a, b at `p` and `q` of `lab`) with the hue part
 * weighed down in the dark, where hue is noise (a near-black panel's grain) and lightness alone
 * tells. An edge between a green wall and a beige ceiling of one lightness counts in full.
 */
export function litColourStep(lab: ArrayLike<number>, p: number, q: number): number {
  const lit = Math.min(1, Math.min(lab[p]!, lab[q]!) / LIT);
  const hue = Math.hypot(lab[p + 1]! - lab[q + 1]!, lab[p + 2]! - lab[q + 2]!) * lit;
  return Math.hypot(lab[p]! - lab[q]!, hue);
}
