import type { FoundFace } from './faces.ts';
import { emptyMask, type Mask } from './mask.ts';
import { fillPolygon } from './polygon.ts';
import { labelRegions } from './regions.ts';

/** How near (px per 100 px of the long side) to the people's outline skin counts as bare. */
const NEAR_OUTLINE = 0.6;
/** A patch enclosed by clothing and smaller than this share of a face is a print, not skin. */
const PRINT_OF_FACE = 0.4;

/**
 * Drops, in place, small skin-coloured patches that clothing encloses on every side: a club's
 * crest or a printed logo on a shirt takes the skin's colour, but bare skin reaches the person's
 * outline (an arm, a leg) or a face (the neck). A patch as large as a hand is left, since a hand
 * held in front of the chest is enclosed too.
 */
export function dropPrintsOnClothes(skin: Mask, people: Mask, faces: readonly FoundFace[]): void {
  if (faces.length === 0) return;
  const { width: w, height: h } = skin;
  const near = Math.max(1, Math.round((NEAR_OUTLINE * Math.max(w, h)) / 100));
  const faceArea = Math.min(...faces.map(ovalArea));
  const onFace = emptyMask(w, h);
  for (const face of faces) fillPolygon(onFace, face.outline);
  const { labels, sizes } = labelRegions(w, h, (p) => skin.data[p]! >= 128);
  const bare = new Set<number>();
  for (let p = 0; p < labels.length; p++) {
    const patch = labels[p]!;
    if (!patch || bare.has(patch)) continue;
    if (sizes[patch]! >= faceArea * PRINT_OF_FACE || onFace.data[p]) {
      bare.add(patch);
      continue;
    }
    const x = p % w;
    const y = (p - x) / w;
    // Inside the patch a pixel is farther from the outline than the patch's own edge is.
    const inner =
      x > 0 &&
      x < w - 1 &&
      y > 0 &&
      y < h - 1 &&
      labels[p - 1] === patch &&
      labels[p + 1] === patch &&
      labels[p - w] === patch &&
      labels[p + w] === patch;
    if (inner) continue;
    outline: for (let dy = -near; dy <= near; dy++) {
      for (let dx = -near; dx <= near; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h || people.data[yy * w + xx]! < 128) {
          bare.add(patch);
          break outline;
        }
      }
    }
  }
  for (let p = 0; p < labels.length; p++) {
    if (labels[p] && !bare.has(labels[p]!)) skin.data[p] = 0;
  }
}

/** The area inside a face's outline (shoelace formula). */
function ovalArea(face: FoundFace): number {
  let twice = 0;
  const points = face.outline;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}
