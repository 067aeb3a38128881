import { detectText, warmUpTextDetector, type TextDetection } from '../models/text-detector.ts';
import type { TextLine } from '../models/text-lines.ts';
import { readLine } from '../models/text-reader.ts';
import sharp from 'sharp';
import { cropRaw, rawPipeline, toRaw, type RawImage } from '../raw-image.ts';
import type { Mask } from './mask.ts';
import { growRect, type Rect } from './rect.ts';
import { lineCover } from './text-cover.ts';
import { lineGlyphs, type LineGlyphs } from './text-glyphs.ts';

/** One line of text in the picture. */
export interface TextPart {
  /** The line's box with a ring around it, in the image's pixels. */
  area: Rect;
  /** The detector's score for the line, 0..1. */
  score: number;
  /** What the recogniser read there (the engine edits text; it does not act on the words). */
  text: string;
  /** How surely it read it, 0..1. */
  reading: number;
  /** 1 inside the line, over `area`. */
  region: Uint8Array;
  /** 255 where a blur or pixelation of the line reaches, over `area`. */
  cover: Uint8Array;
  /** The line's letters, over `area`. */
  glyphs: LineGlyphs;
  /** The line's height in the image's pixels. */
  height: number;
}

export interface FoundText {
  parts: TextPart[];
  /** Every line's region: what a blur or a pixelation covers so no letter stays readable. */
  lines: Mask;
  /** Every line's letters (strokes with their soft edge): what a removal fills. */
  glyphs: Mask;
}

/**
 * A line the recogniser reads less surely than this is not taken for text. PaddleOCR drops
 * readings below 0.5; on the evaluation photos the detector's false lines (a lamp's joint, a
 * carved bracket, an astronaut's blurred badge) read 0.49–0.53 and real words 0.64 and up.
 */
export const READ_MIN_CONFIDENCE = 0.6;

/** The margin around a line's box where its letters may still reach, as a share of its height. */
const MARGIN = 0.1;

function lineArea(line: TextLine, sx: number, sy: number): Rect {
  const left = Math.floor(line.left * sx);
  const top = Math.floor(line.top * sy);
  return {
    left,
    top,
    width: Math.ceil(line.right * sx) - left,
    height: Math.ceil(line.bottom * sy) - top,
  };
}

/** 1 where the line's grid cells cover the image's pixels, over `area`. */
function regionOver(line: TextLine, area: Rect, sx: number, sy: number): Uint8Array {
  const region = new Uint8Array(area.width * area.height);
  const cellsWide = line.right - line.left;
  for (let y = 0; y < area.height; y++) {
    const cy = Math.floor((area.top + y) / sy) - line.top;
    if (cy < 0 || cy >= line.bottom - line.top) continue;
    for (let x = 0; x < area.width; x++) {
      const cx = Math.floor((area.left + x) / sx) - line.left;
      if (cx < 0 || cx >= cellsWide) continue;
      region[y * area.width + x] = line.cells[cy * cellsWide + cx]!;
    }
  }
  return region;
}

function paste(into: Mask, values: Uint8Array, area: Rect) {
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const v = values[y * area.width + x]!;
      const p = (area.top + y) * into.width + area.left + x;
      if (v > into.data[p]!) into.data[p] = v;
    }
  }
}

/** The masks of some of a picture's lines (all of them, or those on a car: its plate). */
export function textMasks(parts: readonly TextPart[], width: number, height: number): FoundText {
  const lines: Mask = { width, height, data: new Uint8Array(width * height) };
  const glyphs: Mask = { width, height, data: new Uint8Array(width * height) };
  for (const part of parts) {
    paste(lines, part.cover, part.area);
    paste(glyphs, part.glyphs.strokes, part.area);
  }
  return { parts: [...parts], lines, glyphs };
}

interface ReadLine {
  line: TextLine;
  area: Rect;
  height: number;
  text: string;
  reading: number;
}

/**
 * Letters taller than this are told from their background on a copy scaled to about this
 * height: their strokes stay several pixels wide there, and a 12 MP sign costs a sixteenth.
 */
const GLYPH_HEIGHT = 48;

/** A 0..255 plane over `width` × `height` scaled to another size. */
async function scalePlane(
  plane: Uint8Array,
  width: number,
  height: number,
  to: { width: number; height: number },
  kernel: 'linear' | 'nearest',
): Promise<Uint8Array> {
  const data = await sharp(plane, { raw: { width, height, channels: 1 } })
    .resize(to.width, to.height, { fit: 'fill', kernel })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(data);
}

/** The line's letters: at full size, or for large letters on a smaller copy, scaled back. */
async function lettersOf(
  image: RawImage,
  area: Rect,
  region: Uint8Array,
  lineHeight: number,
): Promise<LineGlyphs> {
  const factor = Math.floor(lineHeight / GLYPH_HEIGHT);
  // The letters' anti-aliased edge: a pixel for text up to 90 px high.
  if (factor < 2)
    return lineGlyphs(image, area, region, lineHeight, Math.max(1, Math.round(lineHeight / 60)));
  const small = { width: Math.ceil(area.width / factor), height: Math.ceil(area.height / factor) };
  const copy = await toRaw(
    rawPipeline(cropRaw(image, area)).resize(small.width, small.height, { fit: 'fill' }),
  );
  const smallRegion = new Uint8Array(small.width * small.height);
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      const fy = Math.min(area.height - 1, Math.floor((y + 0.5) * factor));
      const fx = Math.min(area.width - 1, Math.floor((x + 0.5) * factor));
      smallRegion[y * small.width + x] = region[fy * area.width + fx]!;
    }
  }
  const whole = { left: 0, top: 0, ...small };
  const letters = lineGlyphs(copy, whole, smallRegion, lineHeight / factor, 1);
  const marks = Uint8Array.from(letters.marks, (v) => v * 255);
  return {
    ...letters,
    strokes: await scalePlane(letters.strokes, small.width, small.height, area, 'linear'),
    marks: Uint8Array.from(
      await scalePlane(marks, small.width, small.height, area, 'nearest'),
      (v) => (v ? 1 : 0),
    ),
  };
}

/** The detector's lines that the recogniser reads as text, with the box each was read in. */
async function readableLines(image: RawImage, found: TextDetection): Promise<ReadLine[]> {
  const { width, height } = image;
  const sx = width / found.width;
  const sy = height / found.height;
  const read: ReadLine[] = [];
  const doubted: ReadLine[] = [];
  for (const line of found.lines) {
    const lineHeight = line.thickness * Math.sqrt(sx * sy);
    const margin = Math.max(2, Math.round(lineHeight * MARGIN));
    const area = growRect(lineArea(line, sx, sy), margin, width, height);
    const { text, confidence } = await readLine(image, area);
    const seen = { line, area, height: lineHeight, text, reading: confidence };
    if (confidence >= READ_MIN_CONFIDENCE && text.trim().length > 0) read.push(seen);
    else doubted.push(seen);
  }
  return [...read, ...doubted.filter((line) => withinBlock(line, read))];
}

/**
 * A short word set between two lines of a sign ("at" between "galleries" and "the ship") is
 * read with its neighbours' letters in its box and fails the recogniser (0.53 for "esh"). A
 * line is text too when a read line lies right above it and another right below (each within
 * half a line's height, over its middle) and it is no taller than they are: the detector's
 * false lines (a bracket's scroll, a lamp's joint) stand apart from any words.
 */
function withinBlock(line: ReadLine, read: readonly ReadLine[]): boolean {
  const { area } = line;
  const middle = area.left + area.width / 2;
  const touching = (other: ReadLine, below: boolean) => {
    const o = other.area;
    if (middle < o.left || middle > o.left + o.width) return false;
    if (line.height > BLOCK_HEIGHT * other.height) return false;
    const gap = below ? o.top - (area.top + area.height) : area.top - (o.top + o.height);
    return gap <= 0.5 * Math.min(line.height, other.height);
  };
  const middleY = (r: ReadLine) => r.area.top + r.area.height / 2;
  const above = read.some((o) => middleY(o) < middleY(line) && touching(o, false));
  const below = read.some((o) => middleY(o) > middleY(line) && touching(o, true));
  return above && below;
}

/** How much taller than the lines around it a line within a block may be. */
const BLOCK_HEIGHT = 1.2;

/**
 * The text in a picture: PaddleOCR's detector finds each line (on a copy of about 1 MP), its
 * recogniser confirms the line reads as text, and each line's letters are told from its
 * background at full size (see `lineGlyphs`).
 */
export async function findText(image: RawImage, detection?: TextDetection): Promise<FoundText> {
  const found = detection ?? (await detectText(image));
  const { width, height } = image;
  const sx = width / found.width;
  const sy = height / found.height;
  const parts: TextPart[] = [];
  for (const read of await readableLines(image, found)) {
    const { line, area, text, reading } = read;
    const region = regionOver(line, area, sx, sy);
    const glyphs = await lettersOf(image, area, region, read.height);
    const cover = lineCover(region, glyphs.strokes, area, read.height);
    parts.push({
      area,
      score: line.score,
      text,
      reading,
      region,
      cover,
      glyphs,
      height: read.height,
    });
  }
  return textMasks(parts, width, height);
}

/** Loads the detector and the recogniser now (benchmarks, warm-up), not on the first request. */
export async function warmUpTextModels(): Promise<void> {
  const blank = { data: Buffer.alloc(64 * 48 * 3, 200), width: 64, height: 48 };
  await warmUpTextDetector();
  await readLine(blank, { left: 0, top: 0, width: 64, height: 48 });
}
