import type { RawImage } from '../raw-image.ts';
import {
  improveNnf,
  randomNnf,
  refreshCosts,
  seededRandom,
  targetPixels,
  upsampleNnf,
  validPool,
  validSources,
  type Nnf,
} from './patchmatch.ts';
import { fillByOnionPeel } from './initial-fill.ts';
import { downsample, fillFromEdges, type Level } from './pyramid.ts';
import { fillAlongColumns, floorLineOutside } from './room-structure.ts';
import { paddedBounds, type Rect } from './mask-tools.ts';
import { vote, voteBest } from './vote.ts';

export interface InpaintOptions {
  /** Patches are (2r+1)² pixels; 3 gives the usual 7×7. */
  patchRadius?: number;
  /**
   * Scales whose hole has at most this many pixels are solved with PatchMatch; finer ones (a
   * big object in a big photo) only carry the field up and copy from it at full resolution.
   */
  matchPixels?: number;
  /** 1 where no patch may be copied from (other objects), at the image's size. */
  excludeSources?: Uint8Array;
  /** A room photo: wall fills from wall and floor from floor, split at the wall–floor line. */
  room?: boolean;
  /** Same seed, same fill. */
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** The mask's bounding box grown by context on every side: where the fill takes its patches. */
export function contextRect(mask: Uint8Array, width: number, height: number): Rect | null {
  return paddedBounds(mask, width, height, (w, h) => Math.round(Math.max(w, h) * 0.75 + 16));
}

function cropLevel(
  image: RawImage,
  mask: Uint8Array,
  rect: Rect,
  excluded?: Uint8Array,
  floorLine?: number | null,
): Level {
  const pixels = new Float32Array(rect.width * rect.height * 3);
  const hole = new Uint8Array(rect.width * rect.height);
  const exclude = excluded ? new Uint8Array(rect.width * rect.height) : undefined;
  for (let y = 0; y < rect.height; y++) {
    const from = (rect.top + y) * image.width + rect.left;
    for (let x = 0; x < rect.width; x++) {
      const p = y * rect.width + x;
      hole[p] = mask[from + x] ? 1 : 0;
      if (exclude && excluded![from + x]) exclude[p] = 1;
      pixels[p * 3] = image.data[(from + x) * 3]!;
      pixels[p * 3 + 1] = image.data[(from + x) * 3 + 1]!;
      pixels[p * 3 + 2] = image.data[(from + x) * 3 + 2]!;
    }
  }
  const floorRow = floorLine == null ? undefined : floorLine - rect.top;
  return { width: rect.width, height: rect.height, pixels, hole, exclude, floorRow };
}

const MIN_SIDE = 64;

function countOnes(values: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i]) n++;
  return n;
}

/**
 * Fills the masked pixels of an image from the rest of it: exemplar-based inpainting after
 * Wexler, Shechtman and Irani (2007) with Barnes et al.'s PatchMatch (2009) for the matches,
 * coarse to fine. Only pixels where `mask` is non-zero change; every other byte of the result
 * equals the input's. The work happens in a padded box around the mask, so a small object
 * in a 12 MP photo costs little.
 */
export function inpaintRaw(
  image: RawImage,
  mask: Uint8Array,
  options: InpaintOptions = {},
): RawImage {
  const radius = options.patchRadius ?? 3;
  const matchPixels = options.matchPixels ?? 160_000;
  const random = seededRandom(options.seed ?? 1);
  const result: RawImage = { ...image, data: Buffer.from(image.data) };
  const rect = contextRect(mask, image.width, image.height);
  if (!rect) return result;

  const floorLine = options.room ? floorLineOutside(image, mask) : null;
  const levels: Level[] = [cropLevel(image, mask, rect, options.excludeSources, floorLine)];
  while (Math.min(levels.at(-1)!.width, levels.at(-1)!.height) >= MIN_SIDE * 2) {
    levels.push(downsample(levels.at(-1)!));
  }
  // Other objects are no source unless that leaves too little to copy from.
  let useExclude = options.excludeSources !== undefined;
  const coarsest = levels.at(-1)!;
  if (useExclude) {
    const without = countOnes(validSources(coarsest, radius, false));
    useExclude = countOnes(validSources(coarsest, radius)) >= without * 0.3;
  }
  // Start at the coarsest scale that still has enough clean patches to copy from.
  let start = levels.length - 1;
  let valid = validSources(levels[start]!, radius, useExclude);
  let holes = countOnes(levels[start]!.hole);
  while (start > 0 && countOnes(valid) < Math.max(32, holes * 0.2)) {
    start--;
    valid = validSources(levels[start]!, radius, useExclude);
    holes = countOnes(levels[start]!.hole);
  }
  const holeSizes = levels.map((level) => countOnes(level.hole));
  const finest = levels[0]!;
  if (countOnes(valid) === 0) {
    fillFromEdges(finest);
  } else {
    let nnf: Nnf | undefined;
    for (let index = start; index >= 0; index--) {
      options.signal?.throwIfAborted();
      const level = levels[index]!;
      if (index !== start) valid = validSources(level, radius, useExclude);
      const pool = validPool(valid);
      const targets = targetPixels(level, radius);
      const solve = holeSizes[index]! <= matchPixels || index === start;
      // The finest solved scale ends with the sharp vote: its texture is what finer scales copy.
      const lastSolve = solve && (index === 0 || holeSizes[index - 1]! > matchPixels);
      const search = Math.max(level.width, level.height);
      if (!nnf) {
        if (options.room) fillAlongColumns(level);
        else fillByOnionPeel(level, pool, radius, random);
        nnf = randomNnf(level, targets, valid, pool, radius, random);
        improveNnf(level, nnf, valid, radius, 4, search, random);
        vote(level, nnf, radius, radius, random);
      } else {
        const coarseWidth = levels[index + 1]!.width;
        nnf = upsampleNnf(nnf, coarseWidth, level, targets, valid, pool, radius, random);
        vote(level, nnf, solve ? radius : 1, radius, random, false);
      }
      if (solve) {
        const rounds = index === start ? 5 : 3;
        if (index !== start) refreshCosts(level, nnf, radius);
        for (let round = 0; round < rounds; round++) {
          improveNnf(level, nnf, valid, radius, 2, round === 0 ? search : search >> 2, random);
          if (lastSolve && round === rounds - 1) voteBest(level, nnf, radius);
          else vote(level, nnf, radius, radius, random);
        }
      }
      options.onProgress?.((start - index + 1) / (start + 1));
    }
  }

  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const p = y * rect.width + x;
      if (!finest.hole[p]) continue;
      const q = ((rect.top + y) * image.width + rect.left + x) * 3;
      for (let c = 0; c < 3; c++) {
        result.data[q + c] = Math.max(0, Math.min(255, Math.round(finest.pixels[p * 3 + c]!)));
      }
    }
  }
  return result;
}
