import type { RawImage } from '../raw-image.ts';
import type { FoundFace } from './faces.ts';
import { emptyMask, maskBounds, type Mask } from './mask.ts';
import { fillPolygon } from './polygon.ts';
import { labelRegions } from './regions.ts';

/**
 * Chromaticity (r and g shares of R+G+B, in thousandths) and luma of a pixel: skin lit more or
 * less keeps its chromaticity, and dark red cloth or brown hair, near skin in hue, do not.
 */
function colourOf(data: Uint8Array | Buffer, i: number): [number, number, number] {
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  const sum = Math.max(1, r + g + b);
  return [(1000 * r) / sum, (1000 * g) / sum, 0.299 * r + 0.587 * g + 0.114 * b];
}

/**
 * Skin in YCbCr when no face shows its colour (Chai and Ngan's ranges, which hold across skin
 * tones in daylight): the chroma of skin sits in a small box whatever its lightness.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 45 && cb >= 77 && cb <= 127 && cr >= 135 && cr <= 173;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export interface SkinModel {
  /** Median chromaticity of the faces' skin (thousandths of R+G+B). */
  r: number;
  g: number;
  /** Largest chromaticity distance from (r, g) still taken as this skin. */
  radius: number;
  /** Skin darker than this is shadow too deep to tell (or hair, or dark cloth). */
  minLuma: number;
  /** The faces' median luma: brighter skin may be a highlight, paler than the skin itself. */
  luma: number;
}

const NEUTRAL = 1000 / 3;

/**
 * Whether a chromaticity and luma are this skin: within the radius of its colour, or, lit
 * brighter than the face's middle, on the way from the skin's colour to white (a highlight on a
 * knee or a forearm mixes the skin with the light's colour) and no further off that way than the
 * radius.
 */
function isThisSkin(model: SkinModel, r: number, g: number, luma: number): boolean {
  if (luma < model.minLuma) return false;
  const dr = r - model.r;
  const dg = g - model.g;
  if (Math.hypot(dr, dg) <= model.radius) return true;
  if (luma < model.luma) return false;
  const towardR = NEUTRAL - model.r;
  const towardG = NEUTRAL - model.g;
  const length = Math.hypot(towardR, towardG);
  const along = (dr * towardR + dg * towardG) / length;
  const across = Math.abs(dr * towardG - dg * towardR) / length;
  return along > 0 && along < 0.7 * length && across <= model.radius;
}

/**
 * This photo's skin colour, learnt from the middle of its faces (the oval shrunk to 60 %: cheeks,
 * nose and forehead, hardly any hair), as the median chromaticity and a radius of 2.5 times
 * the median distance from it (eyes, brows and lips are a minority and do not move a median),
 * and a luma floor of 40 % of the faces' median. Null when the faces have no colour to learn (a
 * black-and-white photo): skin cannot be told from anything else there.
 */
export function learnSkin(image: RawImage, faces: readonly FoundFace[]): SkinModel | null {
  if (faces.length === 0) return null;
  const inner = emptyMask(image.width, image.height);
  for (const face of faces) {
    fillPolygon(
      inner,
      face.outline.map(([x, y]) => [face.cx + (x - face.cx) * 0.6, face.cy + (y - face.cy) * 0.6]),
    );
  }
  const rs: number[] = [];
  const gs: number[] = [];
  const lumas: number[] = [];
  for (let p = 0; p < inner.data.length; p++) {
    if (!inner.data[p]) continue;
    const [r, g, luma] = colourOf(image.data, p * 3);
    rs.push(r);
    gs.push(g);
    lumas.push(luma);
  }
  if (rs.length < 20) return null;
  const r = median(rs);
  const g = median(gs);
  // Skin is warm: red holds clearly more than a third of it, whatever the skin tone.
  if (r < 355) return null;
  const spread = median(rs.map((v, i) => Math.hypot(v - r, gs[i]! - g)));
  // A small or shaded face spreads wide; beyond 36 thousandths lie hair and gold or beige cloth.
  const luma = median(lumas);
  return { r, g, radius: Math.min(36, Math.max(12, 2.5 * spread)), minLuma: 0.4 * luma, luma };
}

/**
 * The skin of the given people: pixels of their mask (at least half selected) whose colour is
 * the faces' skin colour, or, without a face to learn from, in the generic skin ranges. Soft
 * where the people's mask is soft.
 */
export function skinOfPeople(image: RawImage, people: Mask, model: SkinModel | null): Mask {
  const mask = emptyMask(image.width, image.height);
  for (let p = 0; p < mask.data.length; p++) {
    const weight = people.data[p]!;
    if (weight < 128) continue;
    const i = p * 3;
    let on: boolean;
    if (model) {
      const [r, g, luma] = colourOf(image.data, i);
      on = isThisSkin(model, r, g, luma);
    } else {
      on = isSkin(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
    }
    if (on) mask.data[p] = weight;
  }
  fillSmallHoles(mask, people);
  return mask;
}

/**
 * Closes the holes in the skin that its colour test leaves (an eye, a mouth, a glint on a knee):
 * gaps inside the people no bigger than 1 % of the skin found, enclosed by skin on every side.
 */
function fillSmallHoles(skin: Mask, people: Mask): void {
  const bounds = maskBounds(skin);
  if (!bounds) return;
  const { left, top, width, height } = bounds;
  const at = (p: number) => (top + Math.floor(p / width)) * skin.width + left + (p % width);
  let found = 0;
  for (let p = 0; p < width * height; p++) if (skin.data[at(p)]! > 0) found++;
  const { labels, sizes } = labelRegions(width, height, (p) => skin.data[at(p)] === 0);
  const open = new Set<number>();
  for (let x = 0; x < width; x++) open.add(labels[x]!).add(labels[(height - 1) * width + x]!);
  for (let y = 0; y < height; y++) open.add(labels[y * width]!).add(labels[y * width + width - 1]!);
  for (let p = 0; p < labels.length; p++) {
    const hole = labels[p]!;
    if (!hole || open.has(hole) || sizes[hole]! > found * 0.01) continue;
    const q = at(p);
    skin.data[q] = people.data[q]!;
  }
}
