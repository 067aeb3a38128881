import sharp from 'sharp';
import { rgbToLab, toHex, type Rgb } from '../colour.ts';
import type { PercentBox } from '../models/object-detector.ts';
import { ensureSharpConfigured } from '../raw-image.ts';

/** Named colours that shoppers and product feeds use, for ranking by colour. */
export const COLOUR_NAMES: ReadonlyArray<readonly [string, Rgb]> = [
  ['black', [30, 30, 32]],
  ['charcoal', [70, 72, 76]],
  ['grey', [140, 140, 140]],
  ['white', [238, 236, 230]],
  ['beige', [214, 196, 168]],
  ['brown', [120, 80, 50]],
  ['cognac', [150, 85, 40]],
  ['terracotta', [190, 95, 65]],
  ['red', [170, 40, 40]],
  ['mustard', [205, 160, 50]],
  ['green', [70, 120, 70]],
  ['sage', [150, 170, 140]],
  ['teal', [40, 120, 125]],
  ['blue', [60, 100, 170]],
  ['navy', [35, 45, 90]],
  ['pink', [220, 160, 170]],
  ['purple', [110, 70, 130]],
];

const lab = (rgb: Rgb) => {
  const out = [0, 0, 0];
  rgbToLab(rgb[0], rgb[1], rgb[2], out);
  return out as [number, number, number];
};

/** CIE76 distance between two colours (0 = same; ~2.3 just noticeable; 100+ opposite). */
export function colourDistance(a: Rgb, b: Rgb): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

export function nearestColourName(rgb: Rgb): string {
  let best = COLOUR_NAMES[0]!;
  for (const entry of COLOUR_NAMES) {
    if (colourDistance(rgb, entry[1]) < colourDistance(rgb, best[1])) best = entry;
  }
  return best[0];
}

export interface RegionColour {
  rgb: Rgb;
  hex: string;
  name: string;
}

/**
 * The dominant colour of a box's middle: the box shrunk to its central 60 % (edges are often
 * floor or wall), reduced to 32×32, and the mode of a coarse 4-bit-per-channel histogram,
 * averaged over its members.
 */
export async function regionColour(image: Buffer, box: PercentBox): Promise<RegionColour> {
  ensureSharpConfigured();
  const meta = await sharp(image).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1;
  const height = meta.autoOrient?.height ?? meta.height ?? 1;
  const inset = (start: number, size: number, total: number) => {
    const from = ((start + size * 0.2) / 100) * total;
    const length = Math.max(1, ((size * 0.6) / 100) * total);
    const left = Math.min(total - 1, Math.max(0, Math.floor(from)));
    return { start: left, size: Math.max(1, Math.min(total - left, Math.round(length))) };
  };
  const x = inset(box.x, box.width, width);
  const y = inset(box.y, box.height, height);
  const { data } = await sharp(image)
    .rotate()
    .extract({ left: x.start, top: y.start, width: x.size, height: y.size })
    .resize(32, 32, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bin.n++;
    bin.r += r;
    bin.g += g;
    bin.b += b;
    bins.set(key, bin);
  }
  const top = [...bins.values()].sort((a, b) => b.n - a.n)[0]!;
  const rgb: Rgb = [
    Math.round(top.r / top.n),
    Math.round(top.g / top.n),
    Math.round(top.b / top.n),
  ];
  return { rgb, hex: toHex(rgb), name: nearestColourName(rgb) };
}
