import type { DetectedObject } from '../models/object-detector.ts';
import type { FoundMask } from './scene-masks.ts';
import { textMasks, type FoundText } from './text.ts';

/** What a plate is mounted on. */
const VEHICLES = new Set(['car', 'truck', 'bus', 'motorcycle']);
/** Vehicles detected less surely than this carry no plate we would edit. */
const VEHICLE_MIN_SCORE = 0.3;

/**
 * Pixelated squares about half a line high leave no letter readable: a part width of 3.5 line
 * heights gives that (a pixelation's blocks are a seventh of its part width).
 */
const BLOCKS_PER_LINE = 3.5;

/** The lines whose centre lies inside a detected vehicle's box: its plate (or its lettering). */
function onVehicles(text: FoundText, detections: readonly DetectedObject[]) {
  const vehicles = detections.filter((d) => d.score >= VEHICLE_MIN_SCORE && VEHICLES.has(d.label));
  const { width, height } = text.lines;
  return text.parts.filter((part) => {
    const x = ((part.area.left + part.area.width / 2) / width) * 100;
    const y = ((part.area.top + part.area.height / 2) / height) * 100;
    return vehicles.some(
      ({ box }) => x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height,
    );
  });
}

/**
 * The text a clause names as a found mask: every line read as text, or those on a vehicle
 * for a plate. The mask is the lines' cover (what a blur or pixelation needs); `text` keeps
 * the letters for a removal. No line: "could not find any text".
 */
export function textTarget(
  kind: 'text' | 'plate',
  text: FoundText,
  detections: readonly DetectedObject[],
): FoundMask {
  const parts = kind === 'plate' ? onVehicles(text, detections) : text.parts;
  if (parts.length === 0) return { found: false, reason: 'not_found' };
  const found = kind === 'plate' ? textMasks(parts, text.lines.width, text.lines.height) : text;
  const heights = parts.map((p) => p.height).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)]!;
  return {
    found: true,
    mask: found.lines,
    confidence: Math.max(...parts.map((p) => p.reading)),
    objects: [],
    partWidth: median * BLOCKS_PER_LINE,
    text: found,
  };
}
