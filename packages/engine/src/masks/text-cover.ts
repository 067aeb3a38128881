import { dilate } from '../inpaint/mask-tools.ts';
import type { Rect } from './rect.ts';

/** How far past its letters' highest and lowest strokes a line's cover reaches, per height. */
const PAD = 0.08;

/**
 * Where a blur or pixelation of one line reaches, over `area`: the detector's region and the
 * letters' edges that run past it, cut above and below to a little past the letters. The
 * detector's outline takes in a band of the sign's board above and below the words; a cover
 * that follows it changes more of the sign than the words. The cut is made per stretch of the
 * line (about a line's height wide, judged with its neighbours, as a line may slope), so a
 * word's ascenders and descenders keep their cover. Where no letters were told apart, the
 * region is kept as it is.
 */
export function lineCover(
  region: Uint8Array,
  strokes: Uint8Array,
  area: Rect,
  lineHeight: number,
): Uint8Array {
  const { width, height } = area;
  const cover = dilate(region, width, height, Math.max(1, Math.round(lineHeight / 60)));
  const stretch = Math.max(4, Math.round(lineHeight));
  const stretches = Math.ceil(width / stretch);
  const top = new Int32Array(stretches).fill(height);
  const bottom = new Int32Array(stretches).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (strokes[y * width + x]! < 128) continue;
      const s = Math.floor(x / stretch);
      top[s] = Math.min(top[s]!, y);
      bottom[s] = Math.max(bottom[s]!, y);
    }
  }
  const pad = Math.max(1, Math.round(lineHeight * PAD));
  for (let s = 0; s < stretches; s++) {
    let from = height;
    let to = -1;
    for (let n = Math.max(0, s - 1); n <= Math.min(stretches - 1, s + 1); n++) {
      from = Math.min(from, top[n]!);
      to = Math.max(to, bottom[n]!);
    }
    if (to < 0) continue;
    for (let x = s * stretch; x < Math.min(width, (s + 1) * stretch); x++) {
      for (let y = 0; y < height; y++) {
        if (y < from - pad || y > to + pad) cover[y * width + x] = 0;
      }
    }
  }
  for (let p = 0; p < cover.length; p++) if (strokes[p]! >= 128) cover[p] = 255;
  return cover;
}
