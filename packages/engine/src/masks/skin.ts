import type { RawImage } from '../raw-image.ts';
import type { FoundFace } from './faces.ts';
import { emptyMask, type Mask } from './mask.ts';
import { fillPolygon } from './polygon.ts';

/** Chroma (BT.601 Cb, Cr around 128) of a pixel. */
function chroma(data: Uint8Array | Buffer, i: number): [number, number] {
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  return [128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b];
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
  cb: number;
  cr: number;
  /** Largest chroma distance from (cb, cr) still taken as this skin. */
  radius: number;
}

/**
 * This photo's skin colour, learnt from the middle of its faces (the oval shrunk to 60 %: cheeks,
 * nose and forehead, hardly any hair), as the median chroma and a radius of three times the
 * median distance from it (eyes, brows and lips are a minority and do not move a median).
 * Null when the faces have no colour to learn (a black-and-white photo): skin cannot be told
 * from anything else there.
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
  const cbs: number[] = [];
  const crs: number[] = [];
  for (let p = 0; p < inner.data.length; p++) {
    if (!inner.data[p]) continue;
    const [cb, cr] = chroma(image.data, p * 3);
    cbs.push(cb);
    crs.push(cr);
  }
  if (cbs.length < 20) return null;
  const cb = median(cbs);
  const cr = median(crs);
  // Skin is warm: its Cr stands clearly above neutral, whatever the skin tone.
  if (cr - 128 < 6) return null;
  const spread = median(cbs.map((v, i) => Math.hypot(v - cb, crs[i]! - cr)));
  return { cb, cr, radius: Math.max(4, 3 * spread) };
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
      const [cb, cr] = chroma(image.data, i);
      const luma = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      on = luma > 25 && Math.hypot(cb - model.cb, cr - model.cr) <= model.radius;
    } else {
      on = isSkin(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
    }
    if (on) mask.data[p] = weight;
  }
  return mask;
}
