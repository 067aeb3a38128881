import type { RawImage } from '../raw-image.ts';
import {
  boxMean,
  busyCells,
  cellsOf,
  gridOf,
  gridSampler,
  guidedCoefficients,
  toGrid,
  type Grid,
} from './guided-filter.ts';
import { maskBounds, type Mask } from './mask.ts';
import { growRect } from './rect.ts';

/** Filters run on a copy of the mask's surroundings of at most this many pixels. */
const WORK_PIXELS = 250_000;
/**
 * Regularisation of the colour fit, in (0..1 RGB)²: where the colours in a window vary less
 * than about this (σ ≈ 4 levels: photo noise) the mask is smoothed as by a blur; across a real
 * edge it follows the colours.
 */
const EPSILON = 2.5e-4;
/** A pixel this selected (of 255) is wholly inside: it takes its own edited value. */
const INSIDE = 250;

/** The window radius in full-size pixels: 2 px per 1000 px of the long side, at least 2. */
export const edgeRadius = (width: number, height: number) =>
  Math.max(2, Math.round((2 * Math.max(width, height)) / 1000));

/** The grid and radius for a mask: its bounds grown by the filters' reach. */
function gridFor(image: RawImage, mask: Mask) {
  const bounds = maskBounds(mask);
  if (!bounds) return undefined;
  const r = edgeRadius(image.width, image.height);
  const grid = gridOf(growRect(bounds, 2 * r + 2, image.width, image.height), WORK_PIXELS);
  return { grid, r: Math.max(1, Math.round((r * grid.w) / grid.area.width)) };
}

/**
 * The mask's edge made to follow the picture: a guided filter (He et al.) with the photo as its
 * guide, so the transition sits where the colours change — a tower's bar stays out of the sky,
 * the sky between bars comes in, half of a pixel the bar half covers — and is as soft as the
 * photo's own edge there, not a Gaussian's width. Where the mask is flat across a window it is
 * kept exactly, so pixels away from its edge stay untouched.
 */
export function edgeAwareMask(image: RawImage, mask: Mask): Mask {
  const found = gridFor(image, mask);
  if (!found) return mask;
  const { grid, r } = found;
  const [R, G, B, p] = toGrid(image, grid, 1, (i, out) => {
    out[0] = mask.data[i]! / 255;
  });
  const [aR, aG, aB, b] = guidedCoefficients([R!, G!, B!], p!, grid.w, grid.h, r, EPSILON);
  // Where the fit is flat (no colour term, the mask 0 or 1) the mask is kept as it is.
  const flat = (c: number) =>
    Math.abs(aR[c]!) + Math.abs(aG[c]!) + Math.abs(aB[c]!) < 1e-6 &&
    Math.abs(b[c]! - Math.round(b[c]!)) < 1e-6;
  const busy = busyCells(grid, (c) => !flat(c));
  const at = gridSampler(grid);
  const { area } = grid;
  const cx = cellsOf(area.width, grid.w);
  const cy = cellsOf(area.height, grid.h);
  const out = new Uint8Array(mask.data.length);
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const i = (area.top + y) * image.width + area.left + x;
      const cell = cy[y]! * grid.w + cx[x]!;
      if (!busy[cell]) {
        out[i] = b[cell]! > 0.5 ? 255 : 0;
        continue;
      }
      const q =
        (at(aR, x, y) * image.data[i * 3]! +
          at(aG, x, y) * image.data[i * 3 + 1]! +
          at(aB, x, y) * image.data[i * 3 + 2]!) /
          255 +
        at(b, x, y);
      out[i] = Math.round(255 * Math.min(1, Math.max(0, q)));
    }
  unmix(image, out, mask.data, grid, 2 * r);
  return { width: mask.width, height: mask.height, data: out };
}

/** Below this RGB distance between the two sides' colours a pixel's mix cannot be read. */
const UNMIX_FROM = 24;
/** From this distance on, the mix read from the colours decides alone. */
const UNMIX_SURE = 64;
/** A pixel is read again when at least this share of the window around it is on each side. */
const BOTH_SIDES = 0.05;

/**
 * The guided filter's fits overlap, so a pixel beside an edge gets a little of the other side
 * (a rocket's edge pixel 7 % sky), a pixel half covered by a bar is read from a mask that
 * called it sky, and a strip the mask stopped short of stays out. Where the two sides' colours
 * nearby differ clearly, each pixel near the edge is read again as a mix of them: its colour
 * projected onto the line from the unselected side's colour (a normalised mean of the surely
 * unselected pixels around) to the selected side's.
 */
function unmix(image: RawImage, alpha: Uint8Array, given: Uint8Array, grid: Grid, r: number) {
  const { area, w, h } = grid;
  const cx = cellsOf(area.width, w);
  const cy = cellsOf(area.height, h);
  // Per cell: the sure insides' and outsides' colour sums and counts, then their window means.
  const sums = Array.from({ length: 8 }, () => new Float32Array(w * h));
  const count = new Float32Array(w * h);
  for (let y = 0; y < area.height; y++) {
    const row = cy[y]! * w;
    for (let x = 0; x < area.width; x++) {
      const cell = row + cx[x]!;
      const i = (area.top + y) * image.width + area.left + x;
      const a = alpha[i]!;
      count[cell]!++;
      const side = a >= INSIDE ? 0 : a <= 255 - INSIDE ? 4 : -1;
      if (side < 0) continue;
      sums[side]![cell]! += image.data[i * 3]!;
      sums[side + 1]![cell]! += image.data[i * 3 + 1]!;
      sums[side + 2]![cell]! += image.data[i * 3 + 2]!;
      sums[side + 3]![cell]!++;
    }
  }
  for (const plane of sums) for (let c = 0; c < plane.length; c++) plane[c]! /= count[c]!;
  const [iR, iG, iB, iW, oR, oG, oB, oW] = sums.map((plane) =>
    boxMean(plane, w, h, r),
  ) as Float32Array[];
  // Per cell: the selected side's colour, the step to the other side's, and how sure it is.
  const inside = new Float32Array(w * h * 3);
  const step = new Float32Array(w * h * 4);
  const sureOf = new Float32Array(w * h);
  const both = new Uint8Array(w * h);
  for (let c = 0; c < w * h; c++) {
    const wIn = iW![c]!;
    const wOut = oW![c]!;
    if (wIn < BOTH_SIDES) continue;
    inside[c * 3] = iR![c]! / wIn;
    inside[c * 3 + 1] = iG![c]! / wIn;
    inside[c * 3 + 2] = iB![c]! / wIn;
    if (wOut < BOTH_SIDES) {
      both[c] = 1;
      continue;
    }
    both[c] = 2;
    const dR = inside[c * 3]! - oR![c]! / wOut;
    const dG = inside[c * 3 + 1]! - oG![c]! / wOut;
    const dB = inside[c * 3 + 2]! - oB![c]! / wOut;
    const length2 = dR * dR + dG * dG + dB * dB;
    step.set([dR, dG, dB, length2], c * 4);
    sureOf[c] = Math.min(
      1,
      Math.max(0, (Math.sqrt(length2) - UNMIX_FROM) / (UNMIX_SURE - UNMIX_FROM)),
    );
  }
  const near = busyCells(grid, (c) => both[c] === 2);
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const cell = cy[y]! * w + cx[x]!;
      if (!near[cell] || !both[cell]) continue;
      const i = (area.top + y) * image.width + area.left + x;
      const a = alpha[i]!;
      // Beyond the mask it was given, the filter's ramp only stands where the colours say so:
      // across a faint edge (a wall meeting a pale cushion) it would spread like a blur.
      const beyond = given[i]! < 128;
      const pR = image.data[i * 3]! - inside[cell * 3]!;
      const pG = image.data[i * 3 + 1]! - inside[cell * 3 + 1]!;
      const pB = image.data[i * 3 + 2]! - inside[cell * 3 + 2]!;
      if (both[cell] === 1) {
        // The other side too thin to read (a bar): the guided filter's reading stands, but
        // not for a pixel beyond the mask that looks like what is inside it — there the
        // filter's ramp is a blur across a faint edge.
        if (beyond && Math.hypot(pR, pG, pB) < UNMIX_FROM) alpha[i] = 0;
        continue;
      }
      const sure = sureOf[cell]!;
      if (sure === 0) {
        if (beyond) alpha[i] = 0;
        continue;
      }
      const dR = step[cell * 4]!;
      const dG = step[cell * 4 + 1]!;
      const dB = step[cell * 4 + 2]!;
      const length2 = step[cell * 4 + 3]!;
      // 1 at the selected side's colour, 0 at the other's.
      const t = (pR * dR + pG * dG + pB * dB) / length2;
      const share = Math.min(1, Math.max(0, 1 + t));
      // A colour off the line between the two (a rocket's side in shade, tinted by the sky) is
      // no mix of them: the reading counts less the farther off it lies.
      const off = Math.hypot(pR - t * dR, pG - t * dG, pB - t * dB) / Math.sqrt(length2);
      const trust = sure * Math.min(1, Math.max(0, 1 - (off - 0.15) / 0.25));
      if (a === 0 && trust < 0.5) continue;
      alpha[i] = Math.round(255 * (trust * share + (beyond ? 0 : (1 - trust) * (a / 255))));
    }
}

/**
 * The edit's change near each edge pixel, learnt from the wholly selected pixels around it
 * (a normalised box filter of edited − original over them), per channel, on the grid.
 */
function changeNearby(original: RawImage, edited: RawImage, alpha: Mask, grid: Grid, r: number) {
  const { area, w, h } = grid;
  const cx = cellsOf(area.width, w);
  const cy = cellsOf(area.height, h);
  const sums = Array.from({ length: 4 }, () => new Float32Array(w * h));
  const count = new Float32Array(w * h);
  for (let y = 0; y < area.height; y++) {
    const row = cy[y]! * w;
    for (let x = 0; x < area.width; x++) {
      const cell = row + cx[x]!;
      count[cell]!++;
      const p = (area.top + y) * original.width + area.left + x;
      if (alpha.data[p]! < INSIDE) continue;
      for (let c = 0; c < 3; c++)
        sums[c]![cell]! += edited.data[p * 3 + c]! - original.data[p * 3 + c]!;
      sums[3]![cell]!++;
    }
  }
  for (const plane of sums) for (let c = 0; c < plane.length; c++) plane[c]! /= count[c]!;
  const [dR, dG, dB, weight] = sums.map((plane) => boxMean(plane, w, h, r)) as Float32Array[];
  // The change per channel of the wholly selected pixels around each cell; NaN where none are.
  const change = new Float32Array(w * h * 3).fill(Number.NaN);
  for (let c = 0; c < w * h; c++) {
    const wt = weight![c]!;
    if (wt < 1e-3) continue;
    change[c * 3] = dR![c]! / wt;
    change[c * 3 + 1] = dG![c]! / wt;
    change[c * 3 + 2] = dB![c]! / wt;
  }
  return { change, cx, cy };
}

/**
 * `edited` inside the mask, `original` outside, and at the edge the original plus the edit's
 * change there scaled by how much of the pixel is selected: a pixel half rocket, half old blue
 * sky becomes half rocket, half new orange sky — blending the whole pixel would keep half of
 * the blue as a dark fringe. The change is the one of the wholly selected pixels nearby (the
 * pixel's own edit is taken as it nears full selection), so a subject's colour that a blur or
 * a recolour smeared into its edge pixels does not come back either.
 */
export function blendAtEdges(original: RawImage, edited: RawImage, alpha: Mask): RawImage {
  const found = gridFor(original, alpha);
  if (!found) return original;
  const { grid, r } = found;
  const { change, cx, cy } = changeNearby(original, edited, alpha, grid, 2 * r);
  const { area } = grid;
  const out = Buffer.from(original.data);
  const src = original.data;
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const p = (area.top + y) * original.width + area.left + x;
      const m = alpha.data[p]!;
      if (m === 0) continue;
      const i = p * 3;
      if (m >= INSIDE) {
        out[i] = edited.data[i]!;
        out[i + 1] = edited.data[i + 1]!;
        out[i + 2] = edited.data[i + 2]!;
        continue;
      }
      const t = m / 255;
      const cell = (cy[y]! * grid.w + cx[x]!) * 3;
      const none = Number.isNaN(change[cell]!);
      // How much the pixel's own edit counts: none at the edge, all when nearly inside.
      const own = none ? 1 : Math.min(1, Math.max(0, (t - 0.6) / 0.38));
      for (let c = 0; c < 3; c++) {
        const mine = edited.data[i + c]! - src[i + c]!;
        const near = none ? mine : change[cell + c]!;
        out[i + c] = Math.round(
          Math.min(255, Math.max(0, src[i + c]! + t * (own * mine + (1 - own) * near))),
        );
      }
    }
  return { ...original, data: out };
}
