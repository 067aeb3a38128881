import type { FoundFace } from './faces.ts';
import type { Mask } from './mask.ts';
import { labelRegions } from './regions.ts';

/** How far around a face (in face widths and heights) skin above it is looked at. */
const AROUND = 1.5;
/** Skin ending this much (share of the face's height) below the face's top may be its brow. */
const BROW = 0.1;

/**
 * Drops, in place, skin-coloured patches that lie wholly above a face and near it: the lit
 * strands of brown hair take the skin's colour, but there is no skin on top of a head. A patch
 * that runs on below the face's top or out of the face's surroundings (an arm raised beside the
 * head) stays.
 */
export function dropSkinAboveFaces(skin: Mask, faces: readonly FoundFace[]): void {
  const { width: w, height: h } = skin;
  for (const face of faces) {
    const ys = face.outline.map((p) => p[1]);
    const faceTop = Math.min(...ys);
    const faceHeight = Math.max(...ys) - faceTop;
    const left = Math.max(0, Math.floor(face.cx - face.width * AROUND));
    const right = Math.min(w, Math.ceil(face.cx + face.width * AROUND));
    const top = Math.max(0, Math.floor(faceTop - faceHeight * AROUND));
    const bottom = Math.min(h, Math.ceil(faceTop + faceHeight * BROW));
    const cw = right - left;
    const ch = bottom - top;
    if (cw <= 0 || ch <= 0) continue;
    const at = (q: number) => (top + Math.floor(q / cw)) * w + left + (q % cw);
    const { labels } = labelRegions(cw, ch, (q) => skin.data[at(q)]! >= 128);
    // A patch touching the area's edge runs on beyond it.
    const open = new Set<number>();
    for (let x = 0; x < cw; x++) open.add(labels[x]!).add(labels[(ch - 1) * cw + x]!);
    for (let y = 0; y < ch; y++) open.add(labels[y * cw]!).add(labels[y * cw + cw - 1]!);
    for (let q = 0; q < labels.length; q++) {
      const patch = labels[q]!;
      if (patch && !open.has(patch)) skin.data[at(q)] = 0;
    }
  }
}
