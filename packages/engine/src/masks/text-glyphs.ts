import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';
import type { Rect } from './rect.ts';
import { labelRegions } from './regions.ts';

/** Colours the strokes and the background of one line are told apart by (k-means in Lab). */
const CLUSTERS = 3;
/**
 * The detector's outline runs a little outside the letters, so its rim is mostly background (a
 * board, a wall): a colour at least this much rarer on the rim than inside is the letters'.
 */
const RARER_ON_RIM = 0.5;
/**
 * The letters' colour is no letters' when it is this much more common on the rim, relative to
 * inside, than the background's own: then the rim is no background (a busy wall, no letters).
 * Letters touch the rim at the line's ends, so it can be nearly as common there.
 */
const AS_COMMON = 1.5;
/** The rim's width, as a share of the line's height. */
const RIM = 0.08;
/** A colour taking less of the line than this is noise, not letters. */
const MIN_SHARE = 0.02;

export interface LineGlyphs {
  /** The strokes over the area, 0..255 soft, grown by their anti-aliased edge. */
  strokes: Uint8Array;
  /**
   * 1 on marks of the letters' colour that are no letters: a sign's border or a rule running
   * along the line's top or bottom edge. A fill must not take its colour from them, nor
   * remove them.
   */
  marks: Uint8Array;
  /** Share of the line's region that is strokes. */
  ink: number;
  /** ΔE between the letters' colour and the background's. */
  contrast: number;
  /** The letters' mean colour and the background's, in Lab (0s when no letters were found). */
  inkLab: readonly number[];
  paperLab: readonly number[];
}

type Lab = Float64Array;

function labOf(image: RawImage, area: Rect): Lab {
  const lab = new Float64Array(area.width * area.height * 3);
  const one = [0, 0, 0];
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const p = ((area.top + y) * image.width + area.left + x) * 3;
      rgbToLab(image.data[p]!, image.data[p + 1]!, image.data[p + 2]!, one);
      lab.set(one, (y * area.width + x) * 3);
    }
  }
  return lab;
}

function distance(lab: Lab, p: number, centres: Float64Array, c: number): number {
  const d0 = lab[p * 3]! - centres[c * 3]!;
  const d1 = lab[p * 3 + 1]! - centres[c * 3 + 1]!;
  const d2 = lab[p * 3 + 2]! - centres[c * 3 + 2]!;
  return Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}

/** The distance from pixel `p` to the nearest of the colours `among`. */
function nearestDistance(lab: Lab, p: number, centres: Float64Array, among: readonly number[]) {
  let best = Infinity;
  for (const c of among) best = Math.min(best, distance(lab, p, centres, c));
  return best;
}

/** Which of the colours `among` is nearest pixel `p`. */
function nearest(lab: Lab, p: number, centres: Float64Array, among: readonly number[]): number {
  let best = among[0]!;
  let bestDistance = Infinity;
  for (const c of among) {
    const d = distance(lab, p, centres, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/**
 * Three colours of the line (k-means, seeded far apart: the background around the line first,
 * then the line's colour farthest from it, then the one farthest from both).
 */
function lineColours(lab: Lab, inside: number[], rim: number[]): Float64Array {
  const stride = Math.max(1, Math.floor(inside.length / 4000));
  const sample = inside.filter((_p, i) => i % stride === 0);
  const centres = new Float64Array(CLUSTERS * 3);
  const seed = rim.length > 0 ? rim : inside;
  const mean = [0, 0, 0];
  for (const p of seed) for (let c = 0; c < 3; c++) mean[c]! += lab[p * 3 + c]! / seed.length;
  centres.set(mean, 0);
  for (let k = 1; k < CLUSTERS; k++) {
    let far = sample[0]!;
    let farthest = -1;
    for (const p of sample) {
      let d = Infinity;
      for (let c = 0; c < k; c++) d = Math.min(d, distance(lab, p, centres, c));
      if (d > farthest) {
        farthest = d;
        far = p;
      }
    }
    centres.set(lab.subarray(far * 3, far * 3 + 3), k * 3);
  }
  const all = [0, 1, 2];
  const sums = new Float64Array(CLUSTERS * 4);
  for (let round = 0; round < 8; round++) {
    sums.fill(0);
    for (const p of sample) {
      const cluster = nearest(lab, p, centres, all);
      for (let c = 0; c < 3; c++) sums[cluster * 4 + c]! += lab[p * 3 + c]!;
      sums[cluster * 4 + 3]!++;
    }
    for (let k = 0; k < CLUSTERS; k++) {
      const n = sums[k * 4 + 3]!;
      if (n > 0) for (let c = 0; c < 3; c++) centres[k * 3 + c] = sums[k * 4 + c]! / n;
    }
  }
  return centres;
}

const centreDistance = (centres: Float64Array, a: number, b: number) =>
  Math.hypot(
    centres[a * 3]! - centres[b * 3]!,
    centres[a * 3 + 1]! - centres[b * 3 + 1]!,
    centres[a * 3 + 2]! - centres[b * 3 + 2]!,
  );

/**
 * Which of the line's colours are the letters'. The one that fills most of the rim is the
 * background's; the one farthest from it is the letters', unless it is more common on the rim
 * than the background is (then all of it is background: no letters told apart). The third joins the
 * letters when it is rare on the rim or nearer their colour (their anti-aliased edge), else
 * the background (its shading).
 */
function splitColours(centres: Float64Array, inside: Float64Array, rim: Float64Array) {
  const ratio = (k: number) => rim[k]! / Math.max(1e-9, inside[k]!);
  const all = [0, 1, 2].filter((k) => inside[k]! >= MIN_SHARE || rim[k]! >= MIN_SHARE);
  const paper = all.reduce((a, b) => (rim[b]! > rim[a]! ? b : a));
  const others = all.filter((k) => k !== paper && inside[k]! >= MIN_SHARE);
  if (others.length === 0) return { letters: [], background: all };
  const ink = others.reduce((a, b) =>
    centreDistance(centres, b, paper) > centreDistance(centres, a, paper) ? b : a,
  );
  if (ratio(ink) > AS_COMMON * ratio(paper)) return { letters: [], background: all };
  const letters = [ink];
  for (const k of others) {
    if (k === ink) continue;
    const rare = ratio(k) < RARER_ON_RIM;
    const nearer = centreDistance(centres, k, ink) < centreDistance(centres, k, paper);
    if (rare || nearer) letters.push(k);
  }
  return { letters, background: all.filter((k) => !letters.includes(k)) };
}

/**
 * Pieces of the letters' colour that are bars along the line's top or bottom edge rather than
 * letters: low (under a fifth of the line's height), long (over half of it) and touching the
 * region's top or bottom rows — a sign's border or the rule under its first line.
 */
function barsAlongEdges(
  hard: Uint8Array,
  region: Uint8Array,
  width: number,
  height: number,
  lineHeight: number,
): Uint8Array {
  let top = height;
  let bottom = -1;
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    const y = Math.floor(p / width);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const { labels, sizes } = labelRegions(width, height, (p) => hard[p] === 1);
  const box = sizes.map(() => [width, height, -1, -1]);
  for (let p = 0; p < labels.length; p++) {
    const label = labels[p]!;
    if (!label) continue;
    const x = p % width;
    const y = (p - x) / width;
    const b = box[label]!;
    b[0] = Math.min(b[0]!, x);
    b[1] = Math.min(b[1]!, y);
    b[2] = Math.max(b[2]!, x);
    b[3] = Math.max(b[3]!, y);
  }
  const edge = Math.max(1, Math.round(lineHeight * 0.15));
  const bar = box.map(([x0, y0, x1, y1]) => {
    const w = x1! - x0! + 1;
    const h = y1! - y0! + 1;
    const atEdge = y0! <= top + edge || y1! >= bottom - edge;
    return w > 0 && h < lineHeight * 0.2 && w > lineHeight * 0.5 && atEdge;
  });
  return Uint8Array.from(labels, (label) => (label && bar[label] ? 1 : 0));
}

/**
 * The letters of one text line at full size. The detector outlines the line, not its strokes;
 * inside the line, the colours that are rare on its rim are the letters' (a sign's paint, a
 * caption's white), the others the background's. Each pixel is scored by how much nearer it
 * is to the letters' colours than to the background's, and the strokes are grown by `grow`
 * pixels for the anti-aliased, JPEG-softened edge around them.
 *
 * `region` is 1 inside the line over `area` (the line's box with a margin around it).
 */
export function lineGlyphs(
  image: RawImage,
  area: Rect,
  region: Uint8Array,
  lineHeight: number,
  grow: number,
): LineGlyphs {
  const { width, height } = area;
  const lab = labOf(image, area);
  // The letters may reach a little past the detector's outline.
  const near = dilate(region, width, height, Math.max(2, 2 * grow));
  const outside = Uint8Array.from(region, (v) => (v ? 0 : 1));
  const onRim = dilate(outside, width, height, Math.max(1, Math.round(lineHeight * RIM)));
  const inside: number[] = [];
  const rim: number[] = [];
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    inside.push(p);
    if (onRim[p]) rim.push(p);
  }
  const empty = {
    strokes: new Uint8Array(region.length),
    marks: new Uint8Array(region.length),
    ink: 0,
    contrast: 0,
    inkLab: [0, 0, 0],
    paperLab: [0, 0, 0],
  };
  if (inside.length === 0) return empty;
  const centres = lineColours(lab, inside, rim);
  const all = [0, 1, 2];
  const insideShare = new Float64Array(CLUSTERS);
  const rimShare = new Float64Array(CLUSTERS);
  for (const p of inside) insideShare[nearest(lab, p, centres, all)]! += 1 / inside.length;
  for (const p of rim) rimShare[nearest(lab, p, centres, all)]! += 1 / rim.length;
  const { letters, background } = splitColours(centres, insideShare, rimShare);
  if (letters.length === 0 || background.length === 0) return empty;

  const soft = new Uint8Array(region.length);
  const hard = new Uint8Array(region.length);
  let inked = 0;
  for (let p = 0; p < region.length; p++) {
    if (!near[p]) continue;
    const toLetters = nearestDistance(lab, p, centres, letters);
    const toBackground = nearestDistance(lab, p, centres, background);
    const t = toBackground / Math.max(1e-6, toBackground + toLetters);
    const value = Math.round(Math.min(1, Math.max(0, (t - 0.3) / 0.4)) * 255);
    soft[p] = value;
    if (value >= 128) {
      hard[p] = 1;
      if (region[p]) inked++;
    }
  }
  const marks = barsAlongEdges(hard, region, width, height, lineHeight);
  const glyphs = Uint8Array.from(hard, (v, p) => (v && !marks[p] ? 1 : 0));
  const grown = dilate(glyphs, width, height, grow);
  const strokes = Uint8Array.from(soft, (v, p) => (grown[p] ? 255 : marks[p] ? 0 : v));

  const mean = (ks: number[], weights: Float64Array) => {
    const out = [0, 0, 0];
    let total = 0;
    for (const k of ks) {
      for (let c = 0; c < 3; c++) out[c]! += centres[k * 3 + c]! * weights[k]!;
      total += weights[k]!;
    }
    return out.map((v) => v / Math.max(1e-9, total));
  };
  const ink = mean(letters, insideShare);
  const paper = mean(background, insideShare);
  const contrast = Math.hypot(ink[0]! - paper[0]!, ink[1]! - paper[1]!, ink[2]! - paper[2]!);
  return { strokes, marks, ink: inked / inside.length, contrast, inkLab: ink, paperLab: paper };
}
