import { rgbToLab } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';
import type { Mask } from './mask.ts';
import { fillPolygon } from './polygon.ts';
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
 * Paints a face into `into` (255): the mesh's oval widened to its skin. The oval runs a little
 * inside a small or turned face (the lit forehead up to the hair, the far cheek), so pixels of
 * the face's own skin colour just outside it, above the jaw, are face too. Hair, eyebrows and
 * background are not that colour; below the jaw the neck is, and is left out. A face without
 * colour is kept to its oval. Only the face's square and its reach are read.
 */
export function paintFaceWithItsSkin(
  image: RawImage,
  face: { outline: ReadonlyArray<readonly [number, number]>; width: number },
  into: Mask,
): void {
  const { width: w, height: h } = image;
  const reach = Math.max(1, Math.round(face.width * REACH));
  const xs = face.outline.map((p) => p[0]);
  const ys = face.outline.map((p) => p[1]);
  const [faceTop, faceBottom] = [Math.min(...ys), Math.max(...ys)];
  const left = Math.max(0, Math.floor(Math.min(...xs)) - reach);
  const top = Math.max(0, Math.floor(faceTop) - reach);
  const cw = Math.min(w, Math.ceil(Math.max(...xs)) + reach + 1) - left;
  const ch = Math.min(h, Math.ceil(faceBottom) + reach + 1) - top;
  if (cw <= 0 || ch <= 0) return;
  const oval: Mask = { width: cw, height: ch, data: new Uint8Array(cw * ch) };
  fillPolygon(
    oval,
    face.outline.map(([x, y]) => [x - left, y - top] as const),
  );
  const lab = new Float32Array(cw * ch * 3);
  const seed = new Uint8Array(cw * ch);
  const one = [0, 0, 0];
  const inside: number[][] = [];
  for (let q = 0; q < cw * ch; q++) {
    const p = (top + Math.floor(q / cw)) * w + left + (q % cw);
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, one);
    lab.set(one, q * 3);
    if (oval.data[q]) {
      seed[q] = 1;
      inside.push([...one]);
    }
  }
  const paint = (plane: Uint8Array) => {
    for (let q = 0; q < plane.length; q++) {
      if (plane[q]) into.data[(top + Math.floor(q / cw)) * w + left + (q % cw)] = 255;
    }
  };
  if (inside.length === 0) return;
  const median = [0, 1, 2].map((c) => {
    const values = inside.map((v) => v[c]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  if (Math.hypot(median[1]!, median[2]!) < MIN_CHROMA) return paint(seed);
  const jaw = faceTop + (faceBottom - faceTop) * ABOVE_JAW - top;
  const skin = Uint8Array.from(seed, (_, q) => {
    if (Math.floor(q / cw) > jaw) return 0;
    const d = Math.hypot(
      (lab[q * 3]! - median[0]!) / 2,
      lab[q * 3 + 1]! - median[1]!,
      lab[q * 3 + 2]! - median[2]!,
    );
    return d <= SKIN_COLOUR ? 1 : 0;
  });
  paint(grow(seed, skin, lab, cw, ch, reach, Infinity));
}
