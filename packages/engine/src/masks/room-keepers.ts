import type { RawImage } from '../raw-image.ts';
import { labelRegions } from './regions.ts';
import { robustLine } from './line-fit.ts';
import { sidesOnEdges, type Sides } from './picture-sides.ts';

interface KeeperOptions {
  floorRow: number;
  wallCentres: number[][];
  /** Regions smaller than this join the wall or floor around them. */
  speck: number;
}

/** How much lighter than the wall a window is (L*), as a whole and in each of its rows. */
const WINDOW_LIGHTER = 12;

/** Share of the band over a part's top that is ceiling above which it hangs from the ceiling. */
const UNDER_CEILING = 0.5;

/**
 * Whether ceiling lies right over the part's top: a pendant lamp or a cabinet reaching up to
 * the ceiling, not a picture, which hangs on the wall with wall above it (the kitchen's lamp
 * was kept as a "picture" and its box kept a block of the old paint under the ceiling).
 */
function hangsFromCeiling(
  kind: Uint8Array,
  b: { x0: number; x1: number; y0: number },
  w: number,
  thin: number,
): boolean {
  let ceiling = 0;
  let band = 0;
  for (let y = Math.max(0, b.y0 - 2 * thin); y < b.y0; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      band++;
      if (kind[y * w + x] === 3) ceiling++;
    }
  }
  return band > 0 && ceiling > band * UNDER_CEILING;
}

/**
 * The parts that are neither wall, floor, ceiling nor a detected piece (`kind` 0): small
 * specks join the surface they lie on; rectangles on the wall become pictures, windows (much
 * lighter than the wall) or doors (tall, from high up down to the floor). Writes their kinds
 * into `kind` (5 picture, 6 window, 7 door) so the wall does not take them in.
 */
export function classifyKeepers(
  image: RawImage,
  lab: Float32Array,
  kind: Uint8Array,
  labels: Int32Array,
  sizes: number[],
  options: KeeperOptions,
) {
  const { width: w, height: h } = image;
  const { floorRow } = options;
  for (let p = 0; p < kind.length; p++) {
    const region = labels[p]!;
    if (region && sizes[region]! < options.speck) kind[p] = p / w < floorRow ? 1 : 2;
  }
  // Fragments of one picture (light parts match the wall) are joined by a small dilation.
  const undilated = Uint8Array.from(kind, (k) => (k === 0 ? 1 : 0));
  // Then a thinning breaks the thin bridges along the pieces' outlines that join a picture
  // to everything else on the wall; spans are widened back by as much below.
  const thin = Math.max(2, Math.round(w / 200));
  const other = erode(dilate(undilated, w, h, 1), w, h, thin + 1);
  const parts = labelRegions(w, h, (p) => other[p] === 1 && kind[p] !== 4);
  const wallL = options.wallCentres.length
    ? Math.max(...options.wallCentres.map((c) => c[0]!))
    : 50;
  const planes = {
    window: new Uint8Array(w * h),
    door: new Uint8Array(w * h),
    picture: new Uint8Array(w * h),
  };
  const fits = { window: [] as number[], door: [] as number[], picture: [] as number[] };
  const boxes = new Map<number, { x0: number; x1: number; y0: number; y1: number; l: number }>();
  for (let p = 0; p < kind.length; p++) {
    const region = parts.labels[p]!;
    if (!region || parts.sizes[region]! < options.speck * 1.5) continue;
    const x = p % w;
    const y = Math.floor(p / w);
    const b = boxes.get(region) ?? { x0: x, x1: x, y0: y, y1: y, l: 0 };
    b.x0 = Math.min(b.x0, x);
    b.x1 = Math.max(b.x1, x);
    b.y0 = Math.min(b.y0, y);
    b.y1 = Math.max(b.y1, y);
    b.l += lab[p * 3]!;
    boxes.set(region, b);
  }
  const kindOf = new Map<number, 'window' | 'door'>();
  for (const [region, b] of boxes) {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    const size = parts.sizes[region]!;
    const fill = size / (bw * bh);
    const meanL = b.l / size;
    const onBorder = b.x0 === 0 || b.x1 === w - 1;
    // A picture's part may hold on to what stands beside it (the canvas to the dining chairs):
    // its straight sides decide, so it may fill less of its box.
    if (fill < 0.4) continue;
    let found: 'window' | 'door' | 'picture' | undefined;
    if (fill >= 0.5 && meanL > wallL + WINDOW_LIGHTER && size > w * h * 0.01) found = 'window';
    else if (
      fill >= 0.5 &&
      b.y0 < h * 0.3 &&
      b.y1 >= floorRow - h * 0.06 &&
      bh > h * 0.4 &&
      bw < bh
    ) {
      found = 'door';
    } else if (
      !onBorder &&
      b.y1 < floorRow + h * 0.04 &&
      bh < h * 0.7 &&
      !hangsFromCeiling(kind, b, w, thin)
    ) {
      const sides = straightSides(parts.labels, region, b, w);
      if (sides) {
        found = 'picture';
        // A canvas whose top is as pale as the wall: its side edges run on above the part.
        const top = topAlongSides(lab, w, sides, b.y0, Math.round((b.y1 - b.y0) * 0.5));
        // A picture is the quadrilateral between its two side lines, whatever bit into it.
        // (A top found along the sides is exact; a part's own top is widened like its sides.)
        const from = top < b.y0 ? top : b.y0 - thin;
        const edges = sidesOnEdges(lab, w, sides, b, thin);
        for (let y = Math.max(0, from); y <= Math.min(h - 1, b.y1 + thin); y++) {
          const x0 = Math.max(0, edges.left(y));
          const x1 = Math.min(w - 1, edges.right(y));
          for (let x = x0; x <= x1; x++) {
            const p = y * w + x;
            if (kind[p] !== 0 && kind[p] !== 1 && !(kind[p] === 2 && y <= b.y1)) continue;
            planes.picture[p] = 1;
            kind[p] = 5;
          }
        }
      }
    }
    if (!found) continue;
    if (found !== 'picture') kindOf.set(region, found);
    fits[found].push(fill);
  }
  // Windows and doors are filled row by row between their outermost pixels.
  const code = { window: 6, door: 7 } as const;
  for (let y = 0; y < h; y++) {
    const spans = new Map<number, [number, number]>();
    /** Per part, the sum of its pixels' L* on this row and how many they are. */
    const light = new Map<number, [number, number]>();
    for (let x = 0; x < w; x++) {
      const region = parts.labels[y * w + x]!;
      if (!kindOf.has(region)) continue;
      const span = spans.get(region);
      spans.set(region, span ? [span[0], x] : [x, x]);
      const [sum, count] = light.get(region) ?? [0, 0];
      light.set(region, [sum + lab[(y * w + x) * 3]!, count + 1]);
    }
    for (const [region, [x0, x1]] of spans) {
      const name = kindOf.get(region)!;
      // A window's rows are lighter than the wall; a row of its part that is not (the shaded
      // wall and the radiator under the sill) is no window.
      const [sum, count] = light.get(region)!;
      if (name === 'window' && sum / count <= wallL + WINDOW_LIGHTER) continue;
      for (let yy = Math.max(0, y - thin); yy <= Math.min(h - 1, y + thin); yy++) {
        for (let x = Math.max(0, x0 - thin); x <= Math.min(w - 1, x1 + thin); x++) {
          const p = yy * w + x;
          if (kind[p] !== 0 && kind[p] !== 1 && kind[p] !== 2) continue;
          if (kind[p] === 2 && yy > y) continue;
          planes[name][p] = 1;
          kind[p] = code[name];
        }
      }
    }
  }
  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0);
  return {
    ...planes,
    confidence: {
      window: mean(fits.window) * 0.7,
      door: mean(fits.door) * 0.7,
      picture: mean(fits.picture),
    },
  };
}

/**
 * A part's left and right outlines as lines, when they are straight (a frame, a canvas, even
 * seen at an angle); null when ragged (the wall seen between a lamp's legs).
 */
function straightSides(
  labels: Int32Array,
  region: number,
  b: { x0: number; x1: number; y0: number; y1: number },
  w: number,
): Sides | null {
  const lefts: Array<[number, number]> = [];
  const rights: Array<[number, number]> = [];
  for (let y = b.y0; y <= b.y1; y++) {
    let first = -1;
    let last = -1;
    for (let x = b.x0; x <= b.x1; x++) {
      if (labels[y * w + x] !== region) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    lefts.push([y, first]);
    rights.push([y, last]);
  }
  const limit = Math.max(1.5, (b.x1 - b.x0) * 0.04);
  // The middle rows: a frame's corners and what touches them are no evidence.
  const middle = (points: Array<[number, number]>) =>
    points.slice(Math.floor(points.length * 0.2), Math.ceil(points.length * 0.8));
  const left = robustLine(middle(lefts));
  const right = robustLine(middle(rights));
  if (!left || !right || left.residual >= limit || right.residual >= limit) return null;
  return { left: left.at, right: right.at };
}

/** Lightness range across a side line at row y: an edge there (a frame, a canvas's side). */
function edgeAt(lab: Float32Array, w: number, x: number, y: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let dx = -4; dx <= 4; dx++) {
    const xx = Math.round(x) + dx;
    if (xx < 0 || xx >= w) continue;
    const l = lab[(y * w + xx) * 3]!;
    lo = Math.min(lo, l);
    hi = Math.max(hi, l);
  }
  return hi - lo;
}

/**
 * The first row of a picture whose found part starts at `y0`: rows above it belong to the
 * picture while a side line still crosses an edge and the span between the lines is not the
 * wall beside it (a plain wall above a frame is neither), at most `limit` rows.
 */
function topAlongSides(
  lab: Float32Array,
  w: number,
  sides: { left: (y: number) => number; right: (y: number) => number },
  y0: number,
  limit: number,
): number {
  const EDGE = 5;
  const APART = 2;
  const at = (x: number, y: number) =>
    lab[(y * w + Math.max(0, Math.min(w - 1, Math.round(x)))) * 3]!;
  const part = (y: number) => {
    const x0 = sides.left(y);
    const x1 = sides.right(y);
    if (x1 - x0 < 4) return false;
    if (edgeAt(lab, w, x0, y) < EDGE && edgeAt(lab, w, x1, y) < EDGE) return false;
    let inside = 0;
    for (let x = Math.ceil(x0); x <= x1; x++) inside += at(x, y);
    inside /= Math.floor(x1) - Math.ceil(x0) + 1;
    let beside = 0;
    for (let d = 4; d <= 10; d++) beside += at(x0 - d, y) + at(x1 + d, y);
    beside /= 14;
    return Math.abs(inside - beside) >= APART;
  };
  let top = y0;
  for (let y = y0 - 1; y >= Math.max(0, y0 - limit); y--) {
    // One row without (a knot in the frame, a JPEG block) does not end it.
    if (!part(y) && (y === 0 || !part(y - 1))) break;
    top = y;
  }
  return top;
}

function erode(plane: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const inverse = dilate(
    Uint8Array.from(plane, (v) => (v ? 0 : 1)),
    w,
    h,
    radius,
  );
  return Uint8Array.from(inverse, (v) => (v ? 0 : 1));
}

function dilate(plane: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const out = new Uint8Array(plane.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!plane[y * w + x]) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        const row = yy * w;
        out.fill(1, row + Math.max(0, x - radius), row + Math.min(w, x + radius + 1));
      }
    }
  }
  return out;
}
