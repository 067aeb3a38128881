import { dilate } from '../inpaint/mask-tools.ts';
import { membraneFill } from '../inpaint/membrane-fill.ts';
import { growRect, type Rect } from '../masks/rect.ts';
import type { SceneMasks } from '../masks/scene-masks.ts';
import type { TextPart } from '../masks/text.ts';
import type { InterpretedClause } from '../prompt/interpret.ts';
import { cropRaw, rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import { missed, targetName, type ClauseReport } from './part-edits.ts';
import { letterColouredSurfaces } from './letter-coloured-surfaces.ts';
import { BackgroundGrain, betweenLetters } from './text-background.ts';
import { groupLines } from './text-line-groups.ts';

/** A letter's pixel is filled from this soft value up (its anti-aliased edge included). */
const HOLE_FROM = 32;
/**
 * Cameras sharpen: a light halo runs beside dark strokes (and a dark one beside light
 * strokes) for a pixel or two at the camera's resolution. Filled from, it would leave the
 * letters' ghost, so the hole reaches this much further (in pixels per 1000 of the long side).
 */
const HALO = 2.5;
/** Around lone small text, the ring whose grain is measured (a share of its height). */
const RING = 0.15;
/** Photos larger than this many thousand pixels per side per halving are filled on a copy. */
const FILL_SCALE = 1.5;
/** The context around a group the fill reads, as a share of its tallest line's height. */
const CONTEXT = 0.75;
/**
 * How far a surface of the letters' colour runs on into the hole over its own colour, as a
 * share of the tallest line's height (the detector's outline overshoots a sign's edge by a
 * tenth to a fifth of a line).
 */
const SURFACE_DEPTH = 0.25;
/**
 * The background grain (see `backgroundGrain`) above which a line stays: the membrane would
 * leave a smooth smear in it. Set on captions pasted onto photos and on the scene-text photos:
 * cobbles 1.6, leaves 1.3, breeze blocks 1.6, paving 1.1, a carpet 1.0, a crowd 1.7 — all
 * visible smears; signs, boards, walls and skies 0.1–0.9, all clean fills. The one clean fill
 * above it: the condensed "NO PARKING" of scenetext05 (1.2, whose narrow gaps hold the red
 * letters' fringe).
 */
export const MAX_GRAIN = 0.95;

export interface LineOutcome {
  part: TextPart;
  removed: boolean;
  /** The grain of the background between its letters (null: its letters were not found). */
  grain: number | null;
}

/**
 * The membrane over the hole; on a large photo (letters tens of pixels wide) solved on a copy
 * of half or less the size and enlarged into the hole: a membrane is smooth, and on 12 MP the
 * full-size solve took 2 s of the 4 s budget.
 */
async function smoothFill(source: RawImage, hole: Uint8Array, scale: number): Promise<RawImage> {
  const factor = Math.floor(scale / FILL_SCALE);
  if (factor < 2) return membraneFill(source, hole);
  const { width, height } = source;
  const w = Math.ceil(width / factor);
  const h = Math.ceil(height / factor);
  const small = await toRaw(rawPipeline(source).resize(w, h, { fit: 'fill' }));
  // A small pixel is unknown when any pixel it stands for is.
  const smallHole = new Uint8Array(w * h);
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const x = p % width;
    smallHole[Math.floor((p - x) / width / factor) * w + Math.floor(x / factor)] = 1;
  }
  const filled = membraneFill(small, dilate(smallHole, w, h, 1));
  const large = await toRaw(rawPipeline(filled).resize(width, height, { fit: 'fill' }));
  const out: RawImage = { ...source, data: Buffer.from(source.data) };
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    out.data[p * 3] = large.data[p * 3]!;
    out.data[p * 3 + 1] = large.data[p * 3 + 1]!;
    out.data[p * 3 + 2] = large.data[p * 3 + 2]!;
  }
  return out;
}

/** Marks 1 where the part's non-letter marks (a border, a rule) lie, over `rect`. */
function marksOf(part: TextPart, rect: Rect, into: Uint8Array) {
  const { area } = part;
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      if (!part.glyphs.marks[y * area.width + x]) continue;
      into[(area.top - rect.top + y) * rect.width + area.left - rect.left + x] = 1;
    }
  }
}

/** A part of the group's rectangle: a box in its coordinates and a plane over the box. */
interface Local {
  box: Rect;
  data: Uint8Array;
}

/** The part's letters grown by the halo, over the part's box (in `rect`'s coordinates). */
function localHole(part: TextPart, rect: Rect, halo: number, pad: number): Local {
  const { area } = part;
  const inRect = { ...area, left: area.left - rect.left, top: area.top - rect.top };
  const box = growRect(inRect, halo + pad, rect.width, rect.height);
  const letters = new Uint8Array(box.width * box.height);
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      if (part.glyphs.strokes[y * area.width + x]! < HOLE_FROM) continue;
      letters[(inRect.top - box.top + y) * box.width + inRect.left - box.left + x] = 1;
    }
  }
  return { box, data: dilate(letters, box.width, box.height, halo) };
}

/** A plane over the whole rectangle, cut to a box. */
function cut(plane: Uint8Array, width: number, box: Rect): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (box.top + y) * width + box.left;
    out.set(plane.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/** Fewer background pixels between the letters than this is too few to judge a line by. */
const MIN_SAMPLE = 50;

const count = (mask: Uint8Array) => mask.reduce((n, v) => n + v, 0);

/**
 * The grain of each line's background where the fill must continue it: between its letters.
 * Small text has too few pixels between its letters to judge: such a line is judged by those
 * between all the letters of its group (a small sign's lines), and failing that by the ring
 * just around its letters.
 */
function lineGrains(
  source: RawImage,
  hole: Uint8Array,
  holes: readonly Local[],
  parts: readonly TextPart[],
  scale: number,
): number[] {
  const { width } = source;
  const field = new BackgroundGrain(source, hole, scale);
  const grain = (where: Uint8Array, box: Rect) => Math.round(field.median(where, box) * 100) / 100;
  const between = holes.map(({ box, data }) =>
    betweenLetters(data, cut(hole, width, box), box.width),
  );
  const whole = { left: 0, top: 0, width, height: source.height };
  const pooled = new Uint8Array(hole.length);
  holes.forEach(({ box }, i) => {
    const own = between[i]!;
    for (let y = 0; y < box.height; y++)
      for (let x = 0; x < box.width; x++)
        if (own[y * box.width + x]) pooled[(box.top + y) * width + box.left + x] = 1;
  });
  const pooledGrain = count(pooled) >= MIN_SAMPLE ? grain(pooled, whole) : null;
  return parts.map((part, i) => {
    const { box, data } = holes[i]!;
    if (count(between[i]!) >= MIN_SAMPLE) return grain(between[i]!, box);
    if (pooledGrain !== null) return pooledGrain;
    const reach = Math.max(2, Math.round(part.height * RING));
    const ring = dilate(data, box.width, box.height, reach);
    const others = cut(hole, width, box);
    return grain(
      Uint8Array.from(ring, (v, p) => (v && !others[p] ? 1 : 0)),
      box,
    );
  });
}

/**
 * Takes the letters of the lines out. Each group of nearby lines is filled at once by a
 * membrane over its letters and their halo: the smoothest colour meeting the background
 * around each stroke, right for a sign's paint, a board, a wall or a sky. On a busy
 * background it would leave the letters' smooth ghost in the grain, so a line whose
 * background between its letters is grainier than `MAX_GRAIN` stays as it was, as does a line
 * whose letters could not be told from their background. Pixels outside the letters and their halo
 * never change.
 */
export async function removeTextLines(
  image: RawImage,
  parts: readonly TextPart[],
  signal?: AbortSignal,
): Promise<{ image: RawImage; lines: LineOutcome[] }> {
  const { width, height } = image;
  const out: RawImage = { ...image, data: Buffer.from(image.data) };
  const scale = Math.max(width, height) / 1000;
  const halo = Math.max(1, Math.round(HALO * scale));
  const lines: LineOutcome[] = [];
  for (const group of groupLines(parts, width, height)) {
    signal?.throwIfAborted();
    const tallest = Math.max(...group.parts.map((p) => p.height));
    const rect = growRect(group.reach, Math.round(tallest * CONTEXT), width, height);
    const size = rect.width * rect.height;
    const tried = group.parts.filter((p) => p.glyphs.ink > 0);
    for (const part of group.parts) {
      if (part.glyphs.ink === 0) lines.push({ part, removed: false, grain: null });
    }
    if (tried.length === 0) continue;
    const reach = Math.max(2, Math.round(tallest * RING));
    const holes = tried.map((part) => localHole(part, rect, halo, reach));
    const hole = new Uint8Array(size);
    for (const { box, data } of holes) {
      for (let y = 0; y < box.height; y++)
        for (let x = 0; x < box.width; x++)
          if (data[y * box.width + x]) hole[(box.top + y) * rect.width + box.left + x] = 1;
    }
    // A sign's border beside the letters is no colour to continue (it stays as it is).
    const unknown = new Uint8Array(size);
    for (const part of tried) marksOf(part, rect, unknown);
    const grownMarks = dilate(unknown, rect.width, rect.height, halo);
    for (let p = 0; p < size; p++) if (hole[p]) grownMarks[p] = 1;
    const source = cropRaw(image, rect);
    const depth = Math.max(halo, Math.round(tallest * SURFACE_DEPTH));
    const surfaces = letterColouredSurfaces(source, hole, tried, rect, width, height, halo, depth);
    for (let p = 0; p < size; p++) if (surfaces.notSource[p]) grownMarks[p] = 1;
    const filled = await smoothFill(source, grownMarks, scale);
    const grains = lineGrains(source, hole, holes, tried, scale);
    tried.forEach((part, i) => {
      const { box, data } = holes[i]!;
      const grain = grains[i]!;
      const removed = grain <= MAX_GRAIN;
      lines.push({ part, removed, grain });
      if (!removed) return;
      for (let y = 0; y < box.height; y++) {
        for (let x = 0; x < box.width; x++) {
          if (!data[y * box.width + x]) continue;
          const p = (box.top + y) * rect.width + box.left + x;
          if (surfaces.stays[p]) continue;
          const q = ((rect.top + box.top + y) * width + rect.left + box.left + x) * 3;
          out.data[q] = filled.data[p * 3]!;
          out.data[q + 1] = filled.data[p * 3 + 1]!;
          out.data[q + 2] = filled.data[p * 3 + 2]!;
        }
      }
    });
  }
  return { image: out, lines };
}

/**
 * Why lines stayed: a busy background when any was judged so, else their letters could not be
 * told from their background (nothing sure enough to fill).
 */
function whyKept(lines: readonly LineOutcome[]): 'busy_background' | 'low_confidence' {
  return lines.some((l) => !l.removed && l.grain !== null) ? 'busy_background' : 'low_confidence';
}

/**
 * "Remove the text", "remove the licence plate": the letters of every line found, filled one
 * group at a time. Lines on a busy background stay (`busy_background` when none could go).
 */
export async function removeTextInPart(
  image: RawImage,
  clause: InterpretedClause,
  scene: SceneMasks,
  signal?: AbortSignal,
): Promise<{ image: RawImage; report: ClauseReport }> {
  const found = await scene.resolve(clause.target!);
  if (!found.found) return { image, report: missed(clause, found) };
  const target = targetName(clause, found);
  const removal = await removeTextLines(image, found.text?.parts ?? [], signal);
  const removed = removal.lines.filter((l) => l.removed).length;
  const kept = removal.lines.length - removed;
  if (removed === 0) {
    const code = whyKept(removal.lines);
    return { image, report: { text: clause.text, done: false, code, params: { target } } };
  }
  return {
    image: removal.image,
    report: {
      text: clause.text,
      done: true,
      code: 'removed',
      params: {
        target,
        count: removed,
        ...(kept > 0 ? { kept, keptWhy: whyKept(removal.lines) } : {}),
      },
    },
  };
}
