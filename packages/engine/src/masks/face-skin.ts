import { rgbToLab } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';
import type { Mask } from './mask.ts';
import { grow } from './surface-parts.ts';

/** How far past the mesh's oval the face may reach, as a share of its width. */
const REACH = 0.1;
/** Lab distance (lightness counted half: shading) from the face's skin it reaches over. */
const SKIN_COLOUR = 14;
/**
 * Chroma of the face's skin below which it has no colour to tell it by (a black-and-white
 * photo: hair, ears and a grey wall are as grey as the skin).
 */
const MIN_CHROMA = 6;
/** The share of the oval's height, from its top, below which it does not reach (jaw, neck). */
const ABOVE_JAW = 0.7;

/**
 * A face's oval widened to its skin: the mesh's oval runs a little inside the face on a small
 * or turned face (the lit forehead up to the hair, the far cheek), so pixels of the face's own
 * skin colour just outside it, above the jaw, are face too. Hair, eyebrows and background are
 * not that colour; below the jaw the neck is, and is left out. A face without colour is kept
 * to its oval.
 */
export function faceWithItsSkin(
  image: RawImage,
  oval: Mask,
  face: { width: number; top: number; bottom: number },
): Mask {
  const { width: w, height: h } = image;
  const reach = Math.max(1, Math.round(face.width * REACH));
  // The work is done on the face's square and its reach, in Lab.
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (let p = 0; p < oval.data.length; p++) {
    if (oval.data[p]! < 128) continue;
    const x = p % w;
    const y = (p - x) / w;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  if (x1 < 0) return oval;
  const left = Math.max(0, x0 - reach);
  const top = Math.max(0, y0 - reach);
  const cw = Math.min(w, x1 + reach + 1) - left;
  const ch = Math.min(h, y1 + reach + 1) - top;
  const lab = new Float32Array(cw * ch * 3);
  const seed = new Uint8Array(cw * ch);
  const one = [0, 0, 0];
  const inside: number[][] = [];
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const p = (top + y) * w + left + x;
      rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, one);
      lab.set(one, (y * cw + x) * 3);
      if (oval.data[p]! >= 128) {
        seed[y * cw + x] = 1;
        inside.push([...one]);
      }
    }
  }
  const median = [0, 1, 2].map((c) => {
    const values = inside.map((v) => v[c]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  if (Math.hypot(median[1]!, median[2]!) < MIN_CHROMA) return oval;
  const jaw = face.top + (face.bottom - face.top) * ABOVE_JAW - top;
  const skin = Uint8Array.from(seed, (_, q) => {
    if (Math.floor(q / cw) > jaw) return 0;
    const d = Math.hypot(
      (lab[q * 3]! - median[0]!) / 2,
      lab[q * 3 + 1]! - median[1]!,
      lab[q * 3 + 2]! - median[2]!,
    );
    return d <= SKIN_COLOUR ? 1 : 0;
  });
  const grown = grow(seed, skin, lab, cw, ch, reach, Infinity);
  const out: Mask = { width: w, height: h, data: Uint8Array.from(oval.data) };
  for (let q = 0; q < grown.length; q++) {
    if (grown[q]) out.data[(top + Math.floor(q / cw)) * w + left + (q % cw)] = 255;
  }
  return out;
}
